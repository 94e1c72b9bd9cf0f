package bench

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"memlens/internal/verdict"
)

// checkers are the tools other than native, which the tables compare.
func checkers(res *Result) []string {
	var out []string
	for _, t := range res.Tools {
		if res.References[t] != "" {
			out = append(out, t)
		}
	}
	return out
}

// Print writes the tables of res to w.
func Print(w io.Writer, res *Result) {
	bugs, clean, benches := 0, 0, 0
	for _, pr := range res.Programs {
		if pr.Class == "bug" {
			bugs++
		} else {
			clean++
		}
		benches += b2i(pr.Bench)
	}
	tools := checkers(res)
	fmt.Fprintf(w, "memlens bench: %d bug programs, %d clean programs (%d benchmarks); tools: %s\n",
		bugs, clean, benches, strings.Join(tools, ", "))
	var skipped []string
	for name := range res.Skipped {
		skipped = append(skipped, name)
	}
	sort.Strings(skipped)
	for _, name := range skipped {
		fmt.Fprintf(w, "skipped %s: %s\n", name, firstLine(res.Skipped[name]))
	}
	var skippedProgs []string
	for name := range res.SkippedPrograms {
		skippedProgs = append(skippedProgs, name)
	}
	sort.Strings(skippedProgs)
	for _, name := range skippedProgs {
		fmt.Fprintf(w, "skipped program %s: %s\n", name, firstLine(res.SkippedPrograms[name]))
	}
	s := res.Summary

	if bugs > 0 {
		fmt.Fprintf(w, "\nDetection: bug programs where the tool reported an error (in parentheses: whose report names the annotated line)\n")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintf(tw, "%-24s\tprograms\t%s\t\n", "kind", strings.Join(tools, "\t"))
		for _, k := range s.Kinds {
			c0 := s.Detection["native"][k]
			fmt.Fprintf(tw, "%-24s\t%d\t", k, c0.Programs)
			for _, t := range tools {
				c := s.Detection[t][k]
				fmt.Fprintf(tw, "%d (%d)\t", c.Reported, c.Localised)
			}
			fmt.Fprintln(tw)
		}
		tw.Flush()
		fmt.Fprintf(w, "right kind at the annotated line:")
		for _, t := range tools {
			fmt.Fprintf(w, " %s %d", t, s.Detection[t][All].RightKind)
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "detected by no tool: %d\n", s.Undetected)
		failures(w, res, tools, "bug")
	}

	if clean > 0 {
		fmt.Fprintf(w, "\nClean programs (%d): false positives (any report) and behaviour (output or exit status differs from native)\n", clean)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintf(tw, "%-24s\t%s\t\n", "", strings.Join(tools, "\t"))
		fmt.Fprintf(tw, "%-24s\t", "false positives")
		for _, t := range tools {
			fmt.Fprintf(tw, "%d\t", s.Clean[t].Reported)
		}
		fmt.Fprintf(tw, "\n%-24s\t", "behaviour differs")
		for _, t := range tools {
			fmt.Fprintf(tw, "%d\t", s.Clean[t].Differs)
		}
		fmt.Fprintln(tw)
		tw.Flush()
		for _, pr := range res.Programs {
			if pr.Class != "clean" {
				continue
			}
			for _, t := range tools {
				o := pr.Tools[t]
				if o.Reported {
					f := o.Findings[0]
					fmt.Fprintf(w, "  false positive: %s: %s: %s%s\n", t, pr.Name, f.Tool, where(pr, f))
				} else if o.Differs != "" {
					fmt.Fprintf(w, "  behaviour: %s: %s: %s\n", t, pr.Name, o.Differs)
				}
			}
		}
		failures(w, res, tools, "clean")
	}

	if benches > 0 {
		overheadTables(w, res, tools)
	}
}

// failures lists the programs of class a tool could not build or run.
func failures(w io.Writer, res *Result, tools []string, class string) {
	for _, pr := range res.Programs {
		if pr.Class != class {
			continue
		}
		for _, t := range res.Tools {
			if o := pr.Tools[t]; o != nil && o.Status != "ok" && o.Status != "built" && o.Status != "unused" {
				fmt.Fprintf(w, "  %s: %s: %s: %s\n", o.Status, t, pr.Name, firstLine(o.Error))
			}
		}
	}
}

func overheadTables(w io.Writer, res *Result, tools []string) {
	what := "wall-clock time"
	if res.Metric == "cpu" {
		what = "CPU time (user+sys)"
	}
	tables := []struct {
		title string
		value func(ov *Overhead) float64
		total func(r *Ratios) float64
		unit  string
		shown bool // the tools' own values are shown beside the ratios
	}{
		{fmt.Sprintf("Run time: median %s of %d runs in seconds, and against native", what, res.N),
			func(ov *Overhead) float64 { return ov.Run }, func(r *Ratios) float64 { return r.Run }, "s", true},
		{"Peak memory: median maximum resident set in MiB, and against native",
			func(ov *Overhead) float64 { return float64(ov.RSSKB) / 1024 }, func(r *Ratios) float64 { return r.RSS }, "MiB", true},
		{fmt.Sprintf("Compile time: median wall-clock time of %d builds in seconds, and against native", res.N),
			func(ov *Overhead) float64 { return ov.Compile }, func(r *Ratios) float64 { return r.Compile }, "s", true},
		{"Compile memory: median peak resident set of a build's largest process in MiB, and against native",
			func(ov *Overhead) float64 { return float64(ov.CompileRSSKB) / 1024 }, func(r *Ratios) float64 { return r.CompileRSS }, "MiB", true},
	}
	for _, tab := range tables {
		fmt.Fprintf(w, "\n%s\n", tab.title)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintf(tw, "%-24s\tnative %s\t%s\t\n", "benchmark", tab.unit, strings.Join(tools, "\t"))
		for _, pr := range res.Programs {
			if !pr.Bench {
				continue
			}
			n := pr.Tools["native"].Overhead
			if n == nil || n.Error != "" {
				fmt.Fprintf(tw, "%-24s\t-\t%s\n", pr.Name, strings.Repeat("-\t", len(tools)))
				continue
			}
			fmt.Fprintf(tw, "%-24s\t%s\t", pr.Name, figure(tab.value(n)))
			for _, t := range tools {
				ov, ref := pr.Tools[t].Overhead, pr.Tools[res.References[t]].Overhead
				switch {
				case ov == nil || ov.Error != "" || ref == nil || ref.Error != "":
					fmt.Fprintf(tw, "failed\t")
				case tab.value(ov) == 0:
					fmt.Fprintf(tw, "-\t") // valgrind has no build of its own
				case tab.shown:
					fmt.Fprintf(tw, "%s %.2f×\t", figure(tab.value(ov)), tab.value(ov)/tab.value(ref))
				default:
					fmt.Fprintf(tw, "%.2f×\t", tab.value(ov)/tab.value(ref))
				}
			}
			fmt.Fprintln(tw)
		}
		fmt.Fprintf(tw, "%-24s\t\t", "geomean")
		for _, t := range tools {
			if r := res.Summary.Overhead[t]; r != nil && tab.total(r) > 0 {
				fmt.Fprintf(tw, "%.2f×\t", tab.total(r))
			} else {
				fmt.Fprintf(tw, "-\t")
			}
		}
		fmt.Fprintln(tw)
		tw.Flush()
	}
	versusTable(w, res)
	for _, t := range tools {
		if ref := res.References[t]; ref != "native" {
			fmt.Fprintf(w, "(%s against %s, a plain build with the same compiler)\n", t, ref)
		}
	}
	for _, pr := range res.Programs {
		for _, t := range res.Tools {
			if ov := pr.Tools[t].Overhead; ov != nil && ov.Error != "" {
				fmt.Fprintf(w, "  not measured: %s: %s: %s\n", t, pr.Name, firstLine(ov.Error))
			}
		}
	}
}

// figure shows a time or a size with three significant digits or more.
func figure(x float64) string {
	switch {
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	case x >= 10:
		return fmt.Sprintf("%.1f", x)
	case x >= 1:
		return fmt.Sprintf("%.2f", x)
	}
	return fmt.Sprintf("%.3f", x)
}

// versusTable compares the Pairs of checkers program by program: run
// time and peak memory of one against the other's, their geometric
// means and the worst program.
func versusTable(w io.Writer, res *Result) {
	if len(res.Summary.Versus) == 0 {
		return
	}
	vs := res.Summary.Versus
	fmt.Fprintf(w, "\nSide by side: run time and peak memory against another checker\n")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%-24s\t", "benchmark")
	for _, v := range vs {
		fmt.Fprintf(tw, "%s/%s time\tmemory\t", v.Tool, v.Against)
	}
	fmt.Fprintln(tw)
	for _, pr := range res.Programs {
		if !pr.Bench {
			continue
		}
		fmt.Fprintf(tw, "%-24s\t", pr.Name)
		for _, v := range vs {
			a, b := pr.Tools[v.Tool], pr.Tools[v.Against]
			if !compared(pr, v.Tool) || a == nil || b == nil || a.Overhead == nil || b.Overhead == nil || a.Overhead.Error != "" || b.Overhead.Error != "" {
				fmt.Fprintf(tw, "-\t-\t")
				continue
			}
			fmt.Fprintf(tw, "%.2f×\t%.2f×\t", a.Overhead.Run/b.Overhead.Run, float64(a.Overhead.RSSKB)/float64(b.Overhead.RSSKB))
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprintf(tw, "%-24s\t", "geomean")
	for _, v := range vs {
		fmt.Fprintf(tw, "%.2f×\t%.2f×\t", v.Run, v.RSS)
	}
	fmt.Fprintf(tw, "\n%-24s\t", "worst run time")
	for _, v := range vs {
		fmt.Fprintf(tw, "%.2f× %s\t\t", v.WorstRun, v.Worst)
	}
	fmt.Fprintln(tw)
	tw.Flush()
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	if len(line) > 200 {
		line = line[:200] + "…"
	}
	return line
}

// where says where a finding is in the program: " at FILE:LINE" of its
// first frame in the program's files (its allocation's, for a leak).
func where(pr *Program, f verdict.Finding) string {
	files := pr.files()
	for _, stack := range [][]verdict.Frame{f.Stack, f.Alloc} {
		if at, ok := verdict.At(stack, files); ok {
			return fmt.Sprintf(" at %s:%d", at.Base(), at.Line)
		}
	}
	return ""
}
