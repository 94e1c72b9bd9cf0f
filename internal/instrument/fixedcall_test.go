package instrument

import (
	"strings"
	"testing"
)

// TestShortCopiesOfRuntimeLengthInline: optimised, a copy in a loop
// whose length is no constant is made inline under the bound a constant
// one would have: below 8 where its bytes may hold pointers (whose shadow
// the runtime moves), up to fixedCopyMax where a side holds only numbers;
// a memset too; the runtime's replacement is called when a test fails. A
// copy outside loops stays a call. A strlen in a loop scans a short string
// inline, unless gcc may hoist it (a pure call: its argument invariant).
func TestShortCopiesOfRuntimeLengthInline(t *testing.T) {
	code := "#include <string.h>\n" +
		"void chars(char *d, const char *s, size_t n) { while (n--) memcpy(d + 1, s, n + 1); }\n" +
		"void ints(int *d, const int *s, size_t n) { for (; n; n--) memmove(d, s, n * sizeof *s); }\n" +
		"void zero(long *d, size_t n) { do memset(d, 0, n); while (--n); }\n" +
		"void once(char *d, const char *s, size_t n) { memcpy(d, s + 2, n); }\n" +
		"size_t lens(char **w, int n) { size_t s = 0; for (int i = 0; i < n; i++) s += strlen(w[i]); return s; }\n" +
		"size_t same(const char *w, int n) { size_t s = 0; for (int i = 0; i < n; i++) s += strlen(w); return s; }\n"
	_, src, out := writeInstrumentedCode(t, newTestConfig(t, false), "copies.c", code)
	text := string(out)
	for _, want := range []string{
		"((__ml_uptr)( n + 1) < 8) & __ml_fits(", "__builtin_memcpy(( d + 1)", "__ml_memcpy(( d + 1)",
		"< 33) & __ml_fits(", "__builtin_memmove(", "__ml_memmove(",
		"__builtin_memset(", "__ml_memset(",
		"= __ml_strlen_short((__ml_uptr)", "__ml_pure_strlen(",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the unit has no %q", want)
		}
	}
	if n := strings.Count(text, "= __ml_strlen_short("); n != 1 {
		t.Errorf("%d strlen scans inline, want 1", n)
	}
	if strings.Contains(text, "__builtin_memcpy(( d), ( s + 2)") {
		t.Error("a copy outside loops is made inline")
	}
	unitAssembly(t, src, out)
}
