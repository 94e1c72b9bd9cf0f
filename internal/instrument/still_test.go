package instrument

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// TestStillParameters: with full checking, the pointer parameters of the
// functions that cannot lower a count while they run (testdata/still.c's
// still_*) borrow their blocks (__ml_borrow), without a look at the count
// if every call passes values held elsewhere (held_*: __ml_borrow_held);
// those of every other function count a reference (__ml_refd). Detection
// mode counts nothing.
func TestStillParameters(t *testing.T) {
	for _, full := range []bool{false, true} {
		out, err := fileOf(newTestConfig(t, full), "testdata/still.c")
		if err != nil {
			t.Fatal(err)
		}
		// (the code after the sites' table, which quotes the source)
		if i := bytes.Index(out, []byte("__ml_sites[")); i >= 0 {
			out = out[i+bytes.IndexByte(out[i:], '\n'):]
		}
		if !full {
			if bytes.Contains(out, []byte("__ml_borrow(")) || bytes.Contains(out, []byte("__ml_refd(")) {
				t.Error("detection mode counts references")
			}
			continue
		}
		defs := regexp.MustCompile(`\b((?:still|held|kept)_\w+)\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)(?:\s|#[^\n]*\n)*\{`).FindAllSubmatchIndex(out, -1)
		seen := map[string]bool{}
		for _, d := range defs {
			name := string(out[d[2]:d[3]])
			if seen[name] {
				continue
			}
			seen[name] = true
			rest := out[d[1]:]
			how, first := "", len(rest)
			for _, call := range []string{"__ml_borrow(__ml_p", "__ml_borrow_held(__ml_p", "__ml_refd("} {
				if i := bytes.Index(rest, []byte(call)); i >= 0 && i < first {
					how, first = call, i
				}
			}
			want := map[string]string{"still": "__ml_borrow(__ml_p", "held": "__ml_borrow_held(__ml_p", "kept": "__ml_refd("}[name[:strings.IndexByte(name, '_')]]
			if how != want {
				t.Errorf("%s: parameters take %s, want %s", name, how, want)
			}
		}
		if len(seen) != 15 {
			t.Errorf("found %d of the 15 functions' definitions", len(seen))
		}
	}
}
