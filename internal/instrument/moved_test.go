package instrument

import (
	"strings"
	"testing"
)

// TestMovedAccess: optimised, *p++ and *--p with p in memory (whole
// accesses: the step is the access's size) move p and check the access in
// one call, with full checking too (the accessed bytes' definedness after
// it); an access of part of *p++, p--, and an address taken (no access)
// keep the move and the check apart.
func TestMovedAccess(t *testing.T) {
	for _, full := range []bool{false, true} {
		out, err := fileOf(newTestConfig(t, full), "testdata/moved.c")
		if err != nil {
			t.Fatal(err)
		}
		for name, fused := range map[string]bool{"push": true, "pop": true, "put": true, "first": false, "back": false, "bump": false} {
			text := string(functionText(out, name+"(struct "))
			// (__ml_sealed_move_chk for a sealed member: sealed.go)
			if got := strings.Contains(text, "_move_chk"); got != fused {
				t.Errorf("full=%v: %s: one call for the move and the check: %v, want %v:\n%s", full, name, got, fused, text)
			}
			if got := strings.Contains(text, "__ml_move("); got == fused {
				t.Errorf("full=%v: %s moves apart: %v:\n%s", full, name, got, text)
			}
			if !full || !fused {
				continue
			}
			def := "__ml_def" // (a store's, __ml_def_v with the value's origin)
			if name == "pop" {
				def = "__ml_use("
			}
			if _, after, _ := strings.Cut(text, "_move_chk("); !strings.Contains(after, def) {
				t.Errorf("full checking: %s: no %s after the move and check:\n%s", name, def, text)
			}
		}
	}
}
