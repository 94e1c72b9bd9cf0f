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
	t.Parallel()
	recs := runReports(t, buildReporter(t, "testdata/origin.c"), "")
	checkOrigins(t, recs, map[int]origin{
		17: {"heap", "", 13}, // memcpy'd into hdr
		22: {"heap", "", 21}, // kept through realloc's move
		28: {"stack", "n", 25},
	})
}

// pointerOrigins are the corpus programs TestUninitOriginOfPointers
// builds, and the origin of each line's report.
var pointerOrigins = map[string]map[int]origin{
	"uir_uninit_pointer_argument.c":           {13: {"stack", "data", 25}, 14: {"stack", "data", 25}},
	"uir_uninit_pointer_callback.c":           {12: {"stack", "label", 26}},
	"uir_uninit_pointer_returned.c":           {27: {"stack", "found", 15}},
	"uir_uninit_pointer_in_memory.c":          {16: {"heap", "", 34}, 28: {"stack", "word", 41}},
	"uir_uninit_pointer_in_struct_argument.c": {14: {"stack", "m", 22}},
	"uir_uninit_pointer_stored.c":             {13: {"stack", "label", 20}},
	"inv_uninit_in_callee.c":                  {12: {"stack", "target", 18}},
	"inv_uninit_to_libc.c":                    {18: {"stack", "label", 9}},
	"inv_uninitialized_pointer.c":             {17: {"stack", "slot", 13}},
}

// TestUninitOriginOfPointers checks the origin of pointers never assigned
// (full checking): the declaration of the local, whether the value was
// passed down directly or through a function pointer, returned, or loaded
// from memory never written (then the bytes' origin: a heap block, a local
// handed over by address, a struct passed by value), at its first use and
// at an access through it (in the program, or by libc).
func TestUninitOriginOfPointers(t *testing.T) {
	t.Parallel()
	for prog, want := range pointerOrigins {
		t.Run(prog, func(t *testing.T) {
			t.Parallel()
			checkOrigins(t, runReports(t, buildCorpus(t, prog, "--memlens-full"), ""), want)
		})
	}
}

// origin is what an UNINITIALIZED-READ's origin should say: its kind, the
// local's name, and the line of the allocation or declaration.
type origin struct {
	kind, name string
	line       int
}

// checkOrigins checks that recs are UNINITIALIZED-READ records, one at
// least at each line of want (the use), with want's origin. (An access
// through a pointer never assigned then faults at that line, an
// INVALID-DEREF: the pointer holds memlens's garbage address.)
func checkOrigins(t *testing.T, recs []report.Record, want map[int]origin) {
	t.Helper()
	seen := map[int]bool{}
	for _, r := range recs {
		w, ok := want[r.Line]
		if r.Kind == "INVALID-DEREF" && ok {
			continue
		}
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
