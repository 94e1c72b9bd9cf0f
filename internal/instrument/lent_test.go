package instrument

import (
	"bytes"
	"regexp"
	"testing"
)

// TestLentLocals: a local passed only to callees that borrow it is lent
// (__ml_lent_at); with full checking, only if its type holds no pointer
// and no memcpy or memmove writes it, since loss tracking releases the
// pointers in a local's bytes when it dies (testdata/lent.c). So is one
// whose address initializes a pointer local only dereferenced (an alias)
// declared within its scope, not one whose alias is stored or declared
// outside its scope (a statement expression's local whose address is its
// value). A lent scalar or array-free struct is registered, and its block
// ended, through the forms calling the runtime keeping every register
// (__ml_lent_scalar_at, __ml_scope_end_lent or, for a function body,
// __ml_scope_end_body_lent); an array or a struct
// holding one through the plain ones, so its function's frame keeps its
// layout.
func TestLentLocals(t *testing.T) {
	lentEnd := regexp.MustCompile(`cleanup\(__ml_scope_end(_body)?_lent\)`)
	const plain, keep = "__ml_lent_at", "__ml_lent_scalar_at"
	want := map[bool]map[string]string{
		false: {"lent_scalar": keep, "lent_pair": keep, "lent_copied": keep, "lent_memmove": keep, "lent_array": plain,
			"lent_arrayed": plain, "lent_alias": keep, "lent_alias_kept": "", "lent_alias_inner": keep, "lent_alias_outer": ""},
		true: {"lent_scalar": keep, "lent_pair": "", "lent_copied": "", "lent_memmove": "", "lent_array": plain,
			"lent_arrayed": plain, "lent_alias": "", "lent_alias_kept": "", "lent_alias_inner": keep, "lent_alias_outer": ""},
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
			name, body := string(out[d[2]:d[3]]), out[d[1]:end]
			got := ""
			for _, fn := range []string{plain, keep} {
				if bytes.Contains(body, []byte(fn+"((__ml_uptr)&a,")) {
					got = fn
				}
			}
			if got != want[full][name] {
				t.Errorf("full %v: %s's local registered by %q, want %q", full, name, got, want[full][name])
			}
			if ends := lentEnd.Match(body); got != "" && ends != (got == keep) {
				t.Errorf("full %v: %s's block ended keeping every register: %v, want %v", full, name, ends, got == keep)
			}
		}
	}
}
