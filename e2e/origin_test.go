package e2e

import (
	"testing"

	"memlens/internal/report"
)

// TestUninitOrigin checks where an UNINITIALIZED-READ says the undefined
// bytes came from: through memcpy into a local, back to the heap block;
// through realloc's move, the block realloc made; for a register local, its
// declaration.
func TestUninitOrigin(t *testing.T) {
	recs := runReports(t, buildReporter(t, "testdata/origin.c"), "")
	// by line of the use: origin kind, name, line of the allocation or declaration
	want := map[int]struct {
		kind, name string
		line       int
	}{
		17: {"heap", "", 13}, // memcpy'd into hdr
		22: {"heap", "", 21}, // kept through realloc's move
		28: {"stack", "n", 25},
	}
	seen := map[int]bool{}
	for _, r := range recs {
		w, ok := want[r.Line]
		if r.Kind != "UNINITIALIZED-READ" || !ok {
			t.Errorf("unexpected record %s", r.String())
			continue
		}
		seen[r.Line] = true
		if r.Access != report.AccessUse {
			t.Errorf("line %d: access %q, want %q", r.Line, r.Access, report.AccessUse)
		}
		o := r.Origin
		if o == nil || o.Alloc == nil {
			t.Errorf("line %d: no origin", r.Line)
			continue
		}
		if o.Kind != w.kind || o.Name != w.name || o.Alloc.Line != w.line {
			t.Errorf("line %d: origin %s %q at line %d, want %s %q at line %d", r.Line, o.Kind, o.Name, o.Alloc.Line, w.kind, w.name, w.line)
		}
	}
	for l := range want {
		if !seen[l] {
			t.Errorf("no UNINITIALIZED-READ at line %d", l)
		}
	}
}
