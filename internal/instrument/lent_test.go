package instrument

import (
	"bytes"
	"regexp"
	"testing"
)

// TestLentLocals: a local passed only to callees that borrow it is lent
// (__ml_lent_at); with full checking, only if its type holds no pointer
// and no memcpy or memmove writes it, since loss tracking releases the
// pointers in a local's bytes when it dies (testdata/lent.c).
func TestLentLocals(t *testing.T) {
	want := map[bool]map[string]bool{
		false: {"lent_scalar": true, "lent_pair": true, "lent_copied": true, "lent_memmove": true},
		true:  {"lent_scalar": true, "lent_pair": false, "lent_copied": false, "lent_memmove": false},
	}
	for _, full := range []bool{false, true} {
		out, err := fileOf(newTestConfig(t, full), "testdata/lent.c")
		if err != nil {
			t.Fatal(err)
		}
		defs := regexp.MustCompile(`(?m)^long (lent_\w+)\(`).FindAllSubmatchIndex(out, -1)
		if len(defs) != len(want[full]) {
			t.Fatalf("full %v: found %d of the %d functions' definitions", full, len(defs), len(want[full]))
		}
		for i, d := range defs {
			end := len(out)
			if i+1 < len(defs) {
				end = defs[i+1][0]
			}
			name := string(out[d[2]:d[3]])
			if lent := bytes.Contains(out[d[1]:end], []byte("__ml_lent_at((__ml_uptr)&a,")); lent != want[full][name] {
				t.Errorf("full %v: %s's local lent: %v, want %v", full, name, lent, want[full][name])
			}
		}
	}
}
