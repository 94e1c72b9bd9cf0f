package instrument

import (
	"regexp"
	"testing"
)

// TestEscapedLocals: a function body registering locals ends through a
// scope variable holding nothing (__ml_scope_end_body, or
// __ml_scope_end_body_lent for lent scalars alone), which retires those
// registered at the function's depth, so no count of live locals taken at
// entry lives across the body in a callee-saved register; a block inside
// the body still holds the count it began with (testdata/escaped.c).
func TestEscapedLocals(t *testing.T) {
	want := map[string]string{
		"escaped_body_kept":  `unsigned __ml_sc\d+ __attribute__\(\(cleanup\(__ml_scope_end_body\), unused\)\);`,
		"escaped_body_lent":  `unsigned __ml_sc\d+ __attribute__\(\(cleanup\(__ml_scope_end_body_lent\), unused\)\);`,
		"escaped_block_kept": `unsigned __ml_sc\d+ __attribute__\(\(cleanup\(__ml_scope_end\), unused\)\) = \((__ml_o\d+ = )+1UL, __ml_t\.nobj\);`,
	}
	for _, full := range []bool{false, true} {
		out, err := fileOf(newTestConfig(t, full), "testdata/escaped.c")
		if err != nil {
			t.Fatal(err)
		}
		defs := regexp.MustCompile(`(?m)^long (escaped_\w+)\(`).FindAllSubmatchIndex(out, -1)
		if len(defs) != len(want) {
			t.Fatalf("full %v: found %d of the %d functions' definitions", full, len(defs), len(want))
		}
		for i, d := range defs {
			end := len(out)
			if i+1 < len(defs) {
				end = defs[i+1][0]
			}
			name, body := string(out[d[2]:d[3]]), out[d[1]:end]
			if !regexp.MustCompile(want[name]).Match(body) {
				t.Errorf("full %v: %s's scope variables are not %s:\n%s", full, name, want[name], body)
			}
			if n := len(regexp.MustCompile(`__ml_sc\d+ `).FindAll(body, -1)); n != 1 {
				t.Errorf("full %v: %s has %d scope variables, want 1", full, name, n)
			}
		}
	}
}
