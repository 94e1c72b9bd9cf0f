package bench

import "slices"

// Count tallies one tool's outcomes over a set of programs.
type Count struct {
	Programs int `json:"programs"`
	// Reported: bug programs where the tool reported an error (detected);
	// clean programs with any report (false positives).
	Reported  int `json:"reported"`
	Localised int `json:"localised,omitempty"`  // bug programs: a report names the annotated line
	RightKind int `json:"right_kind,omitempty"` // … with the annotated kind
	Differs   int `json:"differs,omitempty"`    // clean programs: output or exit status differs from native
	Failed    int `json:"failed,omitempty"`     // not built, or not run to an end
}

// Ratios are a tool's overhead against native: geometric means over the
// benchmarks both measured.
type Ratios struct {
	Run      float64 `json:"run"`
	RSS      float64 `json:"rss"`
	Compile  float64 `json:"compile"`
	Programs int     `json:"programs"`
}

// Summary is the tables memlens bench prints.
type Summary struct {
	Kinds     []string                     `json:"kinds"`     // rows of Detection, "all" last
	Detection map[string]map[string]*Count `json:"detection"` // tool → kind → bug programs
	Clean     map[string]*Count            `json:"clean"`     // tool → clean programs
	// Undetected: bug programs no tool reported an error in (a bug the
	// input leaves harmless, or one none of these tools can see).
	Undetected int                `json:"undetected"`
	Overhead   map[string]*Ratios `json:"overhead,omitempty"`
}

// All is the Detection row of every bug program.
const All = "all"

func summarise(res *Result, tools []*tool) Summary {
	s := Summary{Detection: map[string]map[string]*Count{}, Clean: map[string]*Count{}, Overhead: map[string]*Ratios{}}
	for _, pr := range res.Programs {
		if pr.Class == "bug" && !slices.Contains(s.Kinds, pr.Kind) {
			s.Kinds = append(s.Kinds, pr.Kind)
		}
	}
	// Kinds in the order memlens names them (paper 000's), then others.
	slices.SortStableFunc(s.Kinds, func(a, b string) int { return kindRank(a) - kindRank(b) })
	s.Kinds = append(s.Kinds, All)
	for _, pr := range res.Programs {
		seen := false
		for _, t := range tools {
			seen = seen || t.reference() != "" && pr.Tools[t.name] != nil && pr.Tools[t.name].Reported
		}
		if pr.Class == "bug" && !seen {
			s.Undetected++
		}
	}
	for _, t := range tools {
		det := map[string]*Count{}
		for _, k := range s.Kinds {
			det[k] = &Count{}
		}
		s.Detection[t.name] = det
		clean := &Count{}
		s.Clean[t.name] = clean
		var run, rss, compile []float64
		for _, pr := range res.Programs {
			o := pr.Tools[t.name]
			if o == nil {
				continue
			}
			if pr.Class == "bug" {
				for _, c := range []*Count{det[pr.Kind], det[All]} {
					c.Programs++
					c.Reported += b2i(o.Reported)
					c.Localised += b2i(o.Localised)
					c.RightKind += b2i(o.RightKind)
					c.Failed += b2i(o.Status != "ok")
				}
			} else {
				clean.Programs++
				clean.Reported += b2i(o.Reported)
				clean.Differs += b2i(o.Differs != "")
				// (a clean run that timed out counts in Differs)
				clean.Failed += b2i(o.Status != "ok" && o.Status != "timed-out")
			}
			var n *Overhead
			if ref := pr.Tools[t.reference()]; ref != nil {
				n = ref.Overhead
			}
			if ov := o.Overhead; ov != nil && n != nil && ov.Error == "" && n.Error == "" {
				run = append(run, ov.Run/n.Run)
				rss = append(rss, float64(ov.RSSKB)/float64(n.RSSKB))
				if t.build != nil {
					compile = append(compile, ov.Compile/n.Compile)
				}
			}
		}
		if len(run) > 0 {
			r := &Ratios{Programs: len(run)}
			r.Run, _ = geomean(run)
			r.RSS, _ = geomean(rss)
			r.Compile, _ = geomean(compile)
			s.Overhead[t.name] = r
		}
	}
	return s
}

var kindOrder = []string{
	"HEAP-BUFFER-OVERFLOW", "STACK-BUFFER-OVERFLOW", "GLOBAL-BUFFER-OVERFLOW", "INTRA-OBJECT-OVERFLOW",
	"NULL-POINTER-DEREF", "DANGLING-POINTER-DEREF", "USE-AFTER-RETURN", "USE-AFTER-SCOPE", "INVALID-DEREF",
	"READ-ONLY-WRITE", "DOUBLE-FREE", "UNMATCHED-FREE", "UNINITIALIZED-READ", "MEMORY-LEAK",
	"STACK-OVERFLOW", "ARITHMETIC-ERROR", "ILLEGAL-INSTRUCTION",
}

func kindRank(k string) int {
	if i := slices.Index(kindOrder, k); i >= 0 {
		return i
	}
	return len(kindOrder)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
