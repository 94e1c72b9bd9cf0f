package instrument

import (
	"bytes"
	"strings"
	"testing"
)

// TestPruneHeaderHelpers: of the header's static inline helpers, those the
// rest of the unit names (in code, in an asm template, through a kept
// helper) stay, with the header's other declarations; the others leave
// their lines blank and their line markers in place.
func TestPruneHeaderHelpers(t *testing.T) {
	header := `# 5 "<memlens.h>" 3
struct __ml_s { int a; };
static __inline__ __attribute__((always_inline)) int __ml_leaf(int x) { return x + 1; }
static __inline__ __attribute__((always_inline, optimize("no-var-tracking-assignments"))) int __ml_used(int x)
{
 return __ml_leaf(x) + sizeof("}");
}
static __inline__ int __ml_unused(int x)
{
# 40 "<memlens.h>" 3
 return x;
}
static __inline__ void __ml_in_asm(void) { }
static __inline__ __attribute__((constructor)) void __ml_ctor(void) { }
static __inline__ int __ml_proto(int);
static const struct __ml_s __ml_table = { 1 };
static __inline__ int __ml_unused2(int x) { return x * 2; }
`
	rest := `int f(int x) { __asm__("call __ml_in_asm"); return __ml_used(x); }
`
	unit := []byte("# 1 \"f.c\"\n" + header + rest)
	start := len("# 1 \"f.c\"\n")
	got := string(pruneHeaderHelpers(bytes.Clone(unit), start, headerHelpers([]byte(header))))
	for _, kept := range []string{"__ml_leaf(int x)", "__ml_used(int x)", "__ml_in_asm(void)", "__ml_ctor(void)",
		"__ml_proto(int);", "__ml_table = { 1 };", "struct __ml_s { int a; };", rest} {
		if !strings.Contains(got, kept) {
			t.Errorf("%q dropped:\n%s", kept, got)
		}
	}
	for _, dropped := range []string{"__ml_unused", "__ml_unused2"} {
		if strings.Contains(got, dropped) {
			t.Errorf("%s kept:\n%s", dropped, got)
		}
	}
	if strings.Count(got, "\n") != strings.Count(string(unit), "\n") || !strings.Contains(got, "\n# 40 \"<memlens.h>\" 3\n") {
		t.Errorf("lines or line markers lost:\n%s", got)
	}
}
