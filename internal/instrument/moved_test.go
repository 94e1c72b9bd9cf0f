package instrument

import (
	"strings"
	"testing"
)

// TestMovedAccess: optimised in detection mode, *p++ and *--p with p in
// memory (whole accesses: the step is the access's size) move p and
// check the access in one call; an access of part of *p++, p--, and an
// address taken (no access) keep the move and the check apart, as full
// checking does everywhere.
func TestMovedAccess(t *testing.T) {
	for _, full := range []bool{false, true} {
		out, err := fileOf(newTestConfig(t, full), "testdata/moved.c")
		if err != nil {
			t.Fatal(err)
		}
		for name, fused := range map[string]bool{"push": true, "pop": true, "put": true, "first": false, "back": false, "bump": false} {
			text := string(functionText(out, name+"(struct "))
			// (__ml_sealed_move_chk for a sealed member: sealed.go)
			if got := strings.Contains(text, "_move_chk"); got != fused && !full {
				t.Errorf("%s: one call for the move and the check: %v, want %v:\n%s", name, got, fused, text)
			} else if full && got {
				t.Errorf("full checking: %s moves and checks in one call:\n%s", name, text)
			}
			if got := strings.Contains(text, "__ml_move("); got == (fused && !full) {
				t.Errorf("full=%v: %s moves apart: %v:\n%s", full, name, got, text)
			}
		}
	}
}
