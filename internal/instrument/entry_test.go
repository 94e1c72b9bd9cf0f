package instrument

import (
	"strings"
	"testing"
)

// TestEntryChecked: a table function called only through a call whose
// index reads pc->op checks pc->arg's upper bound alone (entryChecked);
// one called through a table whose index reads nothing of pc, or by name
// too, checks it whole.
func TestEntryChecked(t *testing.T) {
	out, err := fileOf(newTestConfig(t, false), "testdata/entry.c")
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	for name, want := range map[string]string{"op_add": "__ml_chk_end", "op_halt": "__ml_chk_end", "hop_add": "__ml_chk_tw(", "nop_add": "__ml_chk_tw("} {
		i := strings.Index(text, "*"+name+"(long *acc, const struct insn *pc , ")
		if i < 0 {
			t.Fatalf("no definition of %s", name)
		}
		// (up to the next definition)
		body := text[i+1:]
		for _, next := range []string{"__inline__ static", "\nstatic", "\nlong run"} {
			if j := strings.Index(body, next); j >= 0 {
				body = body[:j]
			}
		}
		if !strings.Contains(body, want) || strings.Count(body, "__ml_chk") != 1 {
			t.Errorf("%s: pc->arg's one check is not %s:\n%s", name, want, body)
		}
	}
}
