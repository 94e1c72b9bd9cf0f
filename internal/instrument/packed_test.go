package instrument

import "testing"

// TestPackState: the #pragma pack lines' states, pushes and pops included,
// as gcc keeps them; a cap of 16 or more packs nothing.
func TestPackState(t *testing.T) {
	u := &unitText{}
	for i, line := range []string{"#pragma pack(push, 1)", "#pragma pack(2)", "#pragma pack(push, r, 16)", "#pragma pack(pop, r)",
		"#pragma pack(pop)", "#pragma pack(4)", "#pragma pack()", "#pragma pack(push)", "#pragma pack(pop)"} {
		u.notePragma([]byte(line), i*10)
	}
	for off, want := range map[int]bool{0: true, 5: true, 15: true, 25: false, 35: true, 45: false, 55: true, 65: false, 75: false, 85: false} {
		if got := u.packedAt(off); got != want {
			t.Errorf("packed at %d: %v, want %v", off, got, want)
		}
	}
}
