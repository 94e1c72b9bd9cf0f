package instrument

import (
	"regexp"
	"strings"
	"testing"
)

// TestSetjmpVolatiles checks which of memlens's variables a function
// calling setjmp declares volatile: the companion of a pointer changed
// after the setjmp must be (clean/setjmp_pointer_changed fails at -O2
// without it), the setjmp's own words, written just before it, need not
// be, unless the setjmp is in a loop, where they are written again after it.
func TestSetjmpVolatiles(t *testing.T) {
	const code = `#include <setjmp.h>
#include <stdlib.h>
static jmp_buf env;
void fail(void);
char *grow(void) {
	char *volatile buf = malloc(4);
	%s
		buf = malloc(64);
		fail();
	}
	return buf;
}
`
	setjmpWords := regexp.MustCompile(`\((__ml_\w+) = __ml_t\.nobj, (__ml_\w+) = __ml_pck_depth\(\), (__ml_\w+) = \(__ml_uptr\)__ml_t\.side`)
	for _, tc := range []struct {
		name, setjmp  string
		wordsVolatile bool
	}{
		{"once", "if (setjmp(env) == 0) {", false},
		{"loop", "for (int i = 0; i < 2; i++) if (setjmp(env) == 0) {", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "grow.c", strings.Replace(code, "%s", tc.setjmp, 1))
			text := string(out[strings.Index(string(out), "char *grow(void)"):])
			volatile := func(name string) bool {
				decl := regexp.MustCompile(`(volatile|register) [^;=]*\b` + name + ` __attribute__`).FindStringSubmatch(text)
				if decl == nil {
					t.Fatalf("no declaration of %s in\n%s", name, text)
				}
				return decl[1] == "volatile"
			}
			words := setjmpWords.FindStringSubmatch(text)
			if words == nil {
				t.Fatalf("no setjmp words in\n%s", text)
			}
			for _, w := range words[1:] {
				if volatile(w) != tc.wordsVolatile {
					t.Errorf("%s volatile: %v, want %v", w, volatile(w), tc.wordsVolatile)
				}
			}
			after := text[strings.Index(text, afterSetjmp):]
			companion := regexp.MustCompile(`(__ml_p\d+) = __ml_m\d+`).FindStringSubmatch(after)
			if companion == nil {
				t.Fatalf("buf's companion not assigned after the setjmp in\n%s", after)
			}
			if !volatile(companion[1]) {
				t.Errorf("buf's companion %s, changed after the setjmp, is not volatile", companion[1])
			}
		})
	}
}
