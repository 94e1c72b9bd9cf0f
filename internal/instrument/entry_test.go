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

// TestEntrySites checks that a handler of a table called at one place
// only, returning next(pc) (or returning it from a conditional's arm)
// where nothing else moves pc, makes no step of the pc it was passed (its
// caller's argument step is named in the result's steps site), and takes
// the machine's words as having no pending step (the call passes &m's
// packed), while one that also passes pc to another helper (in the other
// arm too) makes pc's step, and one of a table called at two places makes
// both as before.
func TestEntrySites(t *testing.T) {
	out := codeAfterSites(t, false, "testdata/entrysites.c")
	text := string(out)
	for name, want := range map[string][2]bool{"fold": {false, false}, "keep": {true, false}, "pair": {true, true},
		"branch": {false, false}, "either": {true, false}} {
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
