package instrument

import (
	"bytes"
	"strings"
	"testing"
)

// TestHeldParameters: with full checking, the pointer parameters every
// call of which passes a variable only the caller can assign, of a function
// that never assigns them (testdata/heldparams.c's held_*), take their meta
// without a reference (no __ml_refd); the others (kept_*) count one.
func TestHeldParameters(t *testing.T) {
	bodies := countingBodies(t, "testdata/heldparams.c", "held|kept")
	for name, body := range bodies {
		counts := bytes.Count(body, []byte("__ml_refd("))
		switch {
		case strings.HasPrefix(name, "held_") && counts != 0:
			t.Errorf("%s: its held parameters count %d references", name, counts)
		case strings.HasPrefix(name, "kept_") && counts == 0:
			t.Errorf("%s: its parameter counts no reference", name)
		}
	}
	if len(bodies) != 11 {
		t.Errorf("found %d of the 11 functions' definitions", len(bodies))
	}
}
