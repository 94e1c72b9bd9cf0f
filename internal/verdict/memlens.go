package verdict

import "memlens/internal/report"

// Memlens turns memlens's records into findings: the record's own place
// and stack, and the allocation of the block it is about (a leak's, or the
// block of an access).
func Memlens(recs []report.Record) []Finding {
	var out []Finding
	for i := range recs {
		r := &recs[i]
		f := Finding{Kind: r.Kind, Tool: r.Kind}
		f.Stack = append(f.Stack, Frame{Function: r.Function, File: r.File, Line: r.Line})
		for _, s := range r.Stack {
			f.Stack = append(f.Stack, Frame{Function: s.Function, File: s.File, Line: s.Line})
		}
		alloc := r.Alloc
		if alloc == nil && r.Block != nil {
			alloc = r.Block.Alloc
		}
		if alloc != nil {
			f.Alloc = append(f.Alloc, Frame{Function: alloc.Function, File: alloc.File, Line: alloc.Line})
			for _, s := range alloc.Stack {
				f.Alloc = append(f.Alloc, Frame{Function: s.Function, File: s.File, Line: s.Line})
			}
		}
		for _, c := range r.Chains {
			var chain []Frame
			for _, s := range c {
				chain = append(chain, Frame{Function: s.Function, File: s.File, Line: s.Line})
			}
			f.Chains = append(f.Chains, chain)
		}
		out = append(out, f)
	}
	return out
}
