package instrument

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPureStringCallsLeaveLoops: optimised, a call of a read-only string
// function with loop-invariant arguments goes through its pure entry,
// which gcc's loop-invariant motion moves out of the loop as it does
// libc's own (gnulib's test-strstr ran a 1 MB strstr 10,000 times); a
// call in no loop keeps the handover through __ml_t.
// (Fully checked, the statement's __ml_flush in the loop keeps them there.)
func TestPureStringCallsLeaveLoops(t *testing.T) {
	code := "#include <string.h>\n" +
		"long count(const char *h, const char *n, int k) {\n" +
		"	long c = 0;\n" +
		"	for (int i = 0; i < k; i++)\n" +
		"		c += (strstr(h, n) != 0) + strlen(n) + (strchr(h, 'w') != 0) + (memcmp(h, n, 2) == 0);\n" +
		"	return c;\n" +
		"}\n" +
		"int once(const char *s) { return strcmp(s, \"x\"); }\n"
	dir, src, out := writeInstrumentedCode(t, newTestConfig(t, false), "count.c", code)
	if strings.Contains(string(out), "= __ml_pure_strcmp(") {
		t.Errorf("a call in no loop goes through its pure entry, whose arguments past the sixth are pushed")
	}
	unitAssembly(t, src, out, "-fdump-tree-lim2-details", "-dumpdir", dir+"/")
	dumps, _ := filepath.Glob(filepath.Join(dir, "*.lim2"))
	if len(dumps) != 1 {
		t.Fatalf("gcc wrote %d dumps of its loop-invariant motion", len(dumps))
	}
	b, err := os.ReadFile(dumps[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, fn := range []string{"strstr", "strlen", "strchr", "memcmp"} {
		if !movedOut(string(b), "__ml_pure_"+fn+" (") {
			t.Errorf("gcc did not move the call of __ml_pure_%s out of count's loop", fn)
		}
	}
}

// movedOut reports whether gcc's dump of its loop-invariant motion says it
// moved a statement holding call out of a loop.
func movedOut(dump, call string) bool {
	for _, moved := range strings.Split(dump, "Moving statement\n")[1:] {
		if stmt, _, _ := strings.Cut(moved, "\n"); strings.Contains(stmt, call) {
			return true
		}
	}
	return false
}
