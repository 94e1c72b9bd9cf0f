package instrument

import (
	"regexp"
	"strings"
	"testing"
)

// TestSharedGlobalMetas checks which globals get a meta shared by the
// program's units: an external one, defined or only declared (an extern
// array of unknown size too), registered once however often the unit
// defines it tentatively; not a static one, nor one with an asm label.
func TestSharedGlobalMetas(t *testing.T) {
	code := `extern int x __asm__("foo");
int x = 1;
int y[4];
int y[4];
static int z[3];
extern int w[];
extern int unused;
int *px(void) { return &x + y[0] + z[0]; }
int get(int i) { int *p = w; return p[i]; }
`
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "shared.c", code)
	text := string(out)
	shared := regexp.MustCompile(`__ml_gm_\w+ __asm__\("[\w.]+"\) = 1UL;`).FindAllString(text, -1)
	if got := strings.Join(shared, " "); got != `__ml_gm_y __asm__("__ml_gm.y") = 1UL; __ml_gm_w __asm__("__ml_gm.w") = 1UL;` {
		t.Errorf("shared metas defined: %q, want y's and w's (not x: asm label, z: static, unused: never named)", got)
	}
	if n := strings.Count(text, "(const void *)&y,"); n != 1 {
		t.Errorf("y registered %d times, want once", n)
	}
	for _, own := range []string{"(const void *)&x,", "(const void *)&z,"} {
		if !regexp.MustCompile(`\{&__ml_g\d+, ` + regexp.QuoteMeta(own)).MatchString(text) {
			t.Errorf("no registration of %s with a meta of the unit's", own)
		}
	}
}
