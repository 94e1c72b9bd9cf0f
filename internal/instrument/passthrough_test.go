package instrument

import (
	"strings"
	"testing"
)

// TestPassThrough checks that a return of a call of a helper returning its
// parameter as it came (vm.c's return next(pc)) names the helper's steps
// and its own in one site left pending in its caller, no entry of the ring
// (__ml_setret, not __ml_setret2), while the returns of other helpers'
// results, and of a helper's defined after the caller, are as before.
func TestPassThrough(t *testing.T) {
	for _, full := range []bool{false, true} {
		out := codeAfterSites(t, full, "testdata/passthrough.c")
		for name, want := range map[string]string{
			"skip": "__ml_setret(", "skip_cast": "__ml_setret(",
			"skip_kept": "__ml_setret2(", "skip_logged": "__ml_setret2(", "skip_later": "__ml_setret2(",
		} {
			text := string(out)
			i := strings.Index(text, "static const struct insn *"+name+"(const struct insn *pc ,")
			if i < 0 {
				t.Fatalf("full=%v: no definition of %s", full, name)
			}
			// (up to the next definition)
			text = text[i+1:]
			line := text[:strings.Index(text, "const struct insn *run(")]
			if j := strings.Index(line, "static const struct insn *"); j >= 0 {
				line = line[:j]
			}
			set := "__ml_setret2("
			if !strings.Contains(line, set) {
				set = "__ml_setret("
			}
			if set != want {
				t.Errorf("full=%v: %s returns by %s, want %s", full, name, set, want)
			}
		}
	}
}
