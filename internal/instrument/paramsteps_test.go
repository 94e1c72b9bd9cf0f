package instrument

import (
	"regexp"
	"strings"
	"testing"
)

// TestParamSteps checks that a helper passing on a pointer parameter its
// callers pass with their step pending (vm.c's binary(vm, &a), then
// pop(vm)) names its callers' steps and its own in steps sites, chosen by
// a test of the parameter's pending site, instead of putting the caller's
// step into the ring first, whether it is defined before its callers or
// after them, and pushes no frame (it calls only call-site leaves:
// findFrameless), so has no depth to keep. Not with full checking, where
// pop is no call-site leaf (the test would not fold: callsLeavesOnly).
func TestParamSteps(t *testing.T) {
	for _, full := range []bool{false, true} {
		per := 2
		if full {
			per = 0
		}
		text := string(codeAfterSites(t, full, "testdata/paramsteps.c"))
		test := regexp.MustCompile(`__ml_psp0 == &__ml_sites\[\d+\] \? &__ml_sites\[\d+\]`)
		for name, callers := range map[string]int{"binary": 2, "after": 1} {
			i := strings.Index(text, "static long "+name+"(struct machine *m, long *a , register")
			if i < 0 {
				t.Fatalf("full=%v: no definition of %s", full, name)
			}
			body := text[i:]
			body = body[:strings.Index(body, "\n")] // (each on one line)
			if got := len(test.FindAllString(body, -1)); got != per*callers {
				t.Errorf("full=%v: %s names its callers' steps in %d steps sites, want %d:\n%s", full, name, got, per*callers, body)
			}
			if !full && strings.Contains(body, "__ml_enter(") {
				t.Errorf("full=%v: %s pushes a frame:\n%s", full, name, body)
			}
		}
	}
}
