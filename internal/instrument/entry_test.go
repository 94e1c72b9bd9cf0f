package instrument

import (
	"strings"
	"testing"
)

// TestEntrySites checks that a handler of a table called at one place
// only, returning next(pc) where nothing else moves pc, makes no step of
// the pc it was passed (its caller's argument step is named in the
// result's steps site), and takes the machine's words as having no
// pending step (the call passes &m's packed), while one that also passes
// pc to another helper makes pc's step, and one of a table called at two
// places makes both as before.
func TestEntrySites(t *testing.T) {
	out := codeAfterSites(t, false, "testdata/entrysites.c")
	text := string(out)
	for name, want := range map[string][2]bool{"fold": {false, false}, "keep": {true, false}, "pair": {true, true}} {
		i := strings.Index(text, "*"+name+"(struct machine *m, const struct insn *pc ,")
		if i < 0 {
			t.Fatalf("no definition of %s", name)
		}
		body := text[i:]
		body = body[:strings.Index(body, "return __ml_r")]
		got := [2]bool{strings.Contains(body, "__ml_pend(__ml_t.argsite[1]"), strings.Contains(body, "__ml_psp0 ?")}
		if got != want {
			t.Errorf("%s makes pc's step, tests m's pending step: %v, want %v:\n%s", name, got, want, body)
		}
	}
}
