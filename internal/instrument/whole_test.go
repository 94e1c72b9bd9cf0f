package instrument

import (
	"strings"
	"testing"
)

// TestWholeParams checks that the members of a parameter every call
// passes a whole live object (&st, through a static table and the
// handlers passing it on) are read and written with no check, and that
// those of a parameter some call passes a heap block, or of a function
// whose address is taken, are checked as before; so for a scalar object
// (split's and store's long *). A bare one (split's, only dereferenced)
// takes no meta: an object lent to it alone is not registered; so for
// one passed on only to bare parameters (walk's, to add_to and itself),
// not for one passed on to a parameter that is not bare (relay's); so
// for a pointer to a pointer only written (pick's: main's found); so for
// one some calls pass NULL, used only under its own test (optional's:
// main's opt; checked with full checking, where it is not whole), not
// for one used outside it (unguarded's: given).
func TestWholeParams(t *testing.T) {
	for _, full := range []bool{false, true} {
		out := codeAfterSites(t, full, "testdata/whole.c")
		text := string(out)
		for name, checked := range map[string]bool{"bump": false, "op_a": false, "op_b": false, "leaky": true, "escaped": true,
			"split": false, "store": true, "add_to": false, "walk": false, "pick": false,
			"optional": full, "unguarded": true} {
			i := strings.Index(text, " "+name+"(struct stack *s")
			if i < 0 {
				i = strings.Index(text, " "+name+"(long ")
			}
			if i < 0 {
				t.Fatalf("full=%v: no definition of %s", full, name)
			}
			// (up to the next definition)
			body := text[i+1:]
			for _, next := range []string{"__inline__ static", "\nstatic", "\nvoid", "\nint main"} {
				if j := strings.Index(body, next); j >= 0 {
					body = body[:j]
				}
			}
			if got := strings.Contains(body, "__ml_chk"); got != checked {
				t.Errorf("full=%v: %s's members checked: %v, want %v:\n%s", full, name, got, checked, body)
			}
		}
		// split's are bare (but with full checking): main's lo, only
		// lent to split, is never registered; hi, lent to store too, is;
		// total, lent to walk, is not; kept, lent to relay, is
		for v, registered := range map[string]bool{"hi": true, "lo": full, "total": full, "kept": true, "found": full,
			"opt": full, "given": true} {
			if got := strings.Contains(text, "((__ml_uptr)&"+v+", sizeof("+v+")"); got != registered {
				t.Errorf("full=%v: main's %s registered: %v, want %v", full, v, got, registered)
			}
		}
	}
}
