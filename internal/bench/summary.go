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
	Run        float64 `json:"run"`
	RSS        float64 `json:"rss"`
	Compile    float64 `json:"compile"`
	CompileRSS float64 `json:"compile_rss,omitempty"` // builds' peak memory
	Programs   int     `json:"programs"`
}

// Pairs are the checkers compared with each other, as issue 20 states its
// targets: detection mode against ASan, full checking against Valgrind
// Memcheck; and as issue 23 does, typestate checking (light) against
// detection mode alone, on the programs annotated with typestates.
var Pairs = [][2]string{{"memlens", "asan"}, {"memlens-full", "valgrind"}, {"memlens-typestate", "memlens"}}

// compared says whether pr counts in tool's comparisons: typestate
// checking only where there are typestates (elsewhere its build is
// memlens's).
func compared(pr *Program, tool string) bool {
	return tool != "memlens-typestate" || pr.Typestate
}

// A Versus is one tool's overhead against another checker's: geometric
// means over the benchmarks both measured, and the program where the run
// time ratio is worst.
type Versus struct {
	Tool       string  `json:"tool"`
	Against    string  `json:"against"`
	Run        float64 `json:"run"`
	RSS        float64 `json:"rss"`
	Compile    float64 `json:"compile,omitempty"` // 0 when Against has no build of its own
	CompileRSS float64 `json:"compile_rss,omitempty"`
	WorstRun   float64 `json:"worst_run"`
	Worst      string  `json:"worst"` // the program of WorstRun
	Programs   int     `json:"programs"`
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
	Versus     []*Versus          `json:"versus,omitempty"` // the Pairs both measured
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
		var run, rss, compile, compileRSS []float64
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
					if n.CompileRSSKB > 0 {
						compileRSS = append(compileRSS, float64(ov.CompileRSSKB)/float64(n.CompileRSSKB))
					}
				}
			}
		}
		if len(run) > 0 {
			r := &Ratios{Programs: len(run)}
			r.Run, _ = geomean(run)
			r.RSS, _ = geomean(rss)
			r.Compile, _ = geomean(compile)
			r.CompileRSS, _ = geomean(compileRSS)
			s.Overhead[t.name] = r
		}
	}
	for _, pair := range Pairs {
		if v := versus(res, pair[0], pair[1]); v != nil {
			s.Versus = append(s.Versus, v)
		}
	}
	return s
}

// versus compares tool with against over the benchmarks both measured
// (nil when there are none).
func versus(res *Result, tool, against string) *Versus {
	v := &Versus{Tool: tool, Against: against}
	var run, rss, compile, compileRSS []float64
	for _, pr := range res.Programs {
		a, b := pr.Tools[tool], pr.Tools[against]
		if !compared(pr, tool) || a == nil || b == nil || a.Overhead == nil || b.Overhead == nil || a.Overhead.Error != "" || b.Overhead.Error != "" {
			continue
		}
		x, y := a.Overhead, b.Overhead
		r := x.Run / y.Run
		run = append(run, r)
		rss = append(rss, float64(x.RSSKB)/float64(y.RSSKB))
		if y.Compile > 0 {
			compile = append(compile, x.Compile/y.Compile)
			if y.CompileRSSKB > 0 {
				compileRSS = append(compileRSS, float64(x.CompileRSSKB)/float64(y.CompileRSSKB))
			}
		}
		if r > v.WorstRun {
			v.WorstRun, v.Worst = r, pr.Name
		}
	}
	if len(run) == 0 {
		return nil
	}
	v.Programs = len(run)
	v.Run, _ = geomean(run)
	v.RSS, _ = geomean(rss)
	v.Compile, _ = geomean(compile)
	v.CompileRSS, _ = geomean(compileRSS)
	return v
}

var kindOrder = []string{
	"HEAP-BUFFER-OVERFLOW", "STACK-BUFFER-OVERFLOW", "GLOBAL-BUFFER-OVERFLOW", "INTRA-OBJECT-OVERFLOW",
	"NULL-POINTER-DEREF", "DANGLING-POINTER-DEREF", "USE-AFTER-RETURN", "USE-AFTER-SCOPE", "INVALID-DEREF",
	"READ-ONLY-WRITE", "DOUBLE-FREE", "UNMATCHED-FREE", "UNINITIALIZED-READ", "MEMORY-LEAK",
	"STACK-OVERFLOW", "ARITHMETIC-ERROR", "ILLEGAL-INSTRUCTION", "TYPESTATE-VIOLATION",
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
