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
// if every call passes values held elsewhere (held_*: __ml_borrow_held,
// held_beside_call's beside a call in an arithmetic argument; held_table's
// through a call table's calls, which still_table's pass a call's result);
// those of every other function count a reference (__ml_refd). Detection
// mode counts nothing.
func TestStillParameters(t *testing.T) {
	for _, full := range []bool{false, true} {
		out := codeAfterSites(t, full, "testdata/still.c")
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
		if len(seen) != 21 {
			t.Errorf("found %d of the 21 functions' definitions", len(seen))
		}
	}
}

// TestStillLocalsCountOnlyShared: with full checking, the pointer
// variables of a still function (held_local's cursor) count a reference
// only where other threads run (__ml_mv_still, __ml_still_drop); those of
// a function that is not still (kept_local_address, whose cursor's
// address is taken) count one always.
func TestStillLocalsCountOnlyShared(t *testing.T) {
	out, err := fileOf(newTestConfig(t, true), "testdata/still.c")
	if err != nil {
		t.Fatal(err)
	}
	body := func(name string) string {
		at := bytes.Index(out, []byte("static long "+name+"(const struct n *p ,"))
		if at < 0 {
			t.Fatalf("no definition of %s", name)
		}
		end := bytes.Index(out[at+1:], []byte("static long ")) // (the next definition)
		if end < 0 {
			end = len(out) - at
		}
		return string(out[at : at+end])
	}
	if b := body("held_local"); !strings.Contains(b, "__ml_mv_still(") || !strings.Contains(b, "cleanup(__ml_still_drop)") ||
		strings.Contains(b, "__ml_mv(") || strings.Contains(b, "__ml_scope_drop") {
		t.Errorf("held_local's cursor counts references:\n%s", b)
	}
	if b := body("kept_local_address"); !strings.Contains(b, "__ml_mv(") {
		t.Errorf("kept_local_address's cursor counts no reference:\n%s", b)
	}
}
