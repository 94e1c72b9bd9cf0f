package bench

import (
	"context"
	_ "embed"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// peakRSSSource is the helper the timed runs go through: the peak resident
// set Go's own wait reports would include the Go process's.
//
//go:embed helper/peakrss.c
var peakRSSSource []byte

// buildPeakRSS compiles the helper into dir with cc.
func buildPeakRSS(cc, dir string) (string, error) {
	src, bin := filepath.Join(dir, "peakrss.c"), filepath.Join(dir, "peakrss")
	if err := os.WriteFile(src, peakRSSSource, 0o644); err != nil {
		return "", err
	}
	if out, err := exec.Command(cc, "-O2", "-o", bin, src).CombinedOutput(); err != nil {
		return "", fmt.Errorf("building the peak-memory helper: %v\n%s", err, out)
	}
	return bin, nil
}

// Overhead is what a benchmark's timed builds and runs measured with one
// tool.
type Overhead struct {
	RunS     []float64 `json:"run_s"`     // wall or CPU seconds, per Result.Metric
	CompileS []float64 `json:"compile_s"` // wall seconds of each build
	MaxRSSKB []int64   `json:"max_rss_kb"`
	// CompileMaxRSSKB: each build's peak memory, that of its largest
	// process (the compiler proper, or memlens cc's own).
	CompileMaxRSSKB []int64 `json:"compile_max_rss_kb,omitempty"`
	Error           string  `json:"error,omitempty"` // a timed build or run failed: no figure

	// Medians of RunS, CompileS, MaxRSSKB and CompileMaxRSSKB.
	Run          float64 `json:"run_median_s"`
	Compile      float64 `json:"compile_median_s,omitempty"`
	RSSKB        int64   `json:"max_rss_median_kb"`
	CompileRSSKB int64   `json:"compile_max_rss_median_kb,omitempty"`
}

// measure times cfg.N builds and runs of benchmark pr with every tool that
// judged it without failing, one process at a time, the tools taking turns
// in an order that rotates with each repetition.
func measure(ctx context.Context, cfg *Config, tools []*tool, pr *Program) {
	p := pr.prog
	env := cleanEnv()
	stdin := pr.stdin()
	var live []*tool
	for _, t := range tools {
		if o := pr.Tools[t.name]; o.Status == "ok" {
			o.Overhead = &Overhead{}
			live = append(live, t)
		}
	}
	for rep := range cfg.N {
		order := rotate(live, rep)
		for _, t := range order {
			o := pr.Tools[t.name]
			if t.build == nil || o.Overhead.Error != "" {
				continue
			}
			out := pr.bins[t.name] + ".timed"
			rssFile := out + ".rss"
			argv := append([]string{cfg.peakRSS, rssFile}, t.build(pr, optFlags(pr), out)...)
			b := execute(ctx, argv, env, p.Dir, "", cfg.BuildTimeout, true)
			os.Remove(out)
			kb, err := readPeakRSS(rssFile)
			if b.err != nil || b.timedOut || b.exit != 0 || err != nil {
				o.Overhead.Error = failure(argv, b)
				continue
			}
			o.Overhead.CompileS = append(o.Overhead.CompileS, b.wall)
			o.Overhead.CompileMaxRSSKB = append(o.Overhead.CompileMaxRSSKB, kb)
		}
		for _, t := range order {
			o := pr.Tools[t.name]
			if o.Overhead.Error != "" {
				continue
			}
			logFile := filepath.Join(filepath.Dir(pr.bins[t.name]), "timed")
			rssFile := logFile + ".rss"
			argv := append(append([]string{cfg.peakRSS, rssFile}, t.run(pr.bins[t.name], logFile)...), p.Args...)
			r := execute(ctx, argv, append(append([]string{}, env...), t.env(p, logFile, true)...), p.Dir, stdin, cfg.Timeout, true)
			if ctx.Err() != nil {
				return
			}
			var err error
			r.maxRSSKB, err = readPeakRSS(rssFile)
			if r.err != nil || r.timedOut || r.signal != "" || err != nil {
				o.Overhead.Error = failure(argv, r)
				continue
			}
			sec := r.wall
			if cfg.CPU {
				sec = r.cpu
			}
			o.Overhead.RunS = append(o.Overhead.RunS, sec)
			o.Overhead.MaxRSSKB = append(o.Overhead.MaxRSSKB, r.maxRSSKB)
		}
	}
	for _, t := range live {
		ov := pr.Tools[t.name].Overhead
		if ov.Error != "" {
			ov.RunS, ov.CompileS, ov.MaxRSSKB, ov.CompileMaxRSSKB = nil, nil, nil, nil
			continue
		}
		ov.Run, ov.Compile = median(ov.RunS), median(ov.CompileS)
		ov.RSSKB, ov.CompileRSSKB = medianKB(ov.MaxRSSKB), medianKB(ov.CompileMaxRSSKB)
	}
}

// readPeakRSS reads the figure the peak-memory helper wrote.
func readPeakRSS(file string) (int64, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return 0, err
	}
	return strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
}

func medianKB(kbs []int64) int64 {
	xs := make([]float64, len(kbs))
	for i, kb := range kbs {
		xs[i] = float64(kb)
	}
	return int64(median(xs))
}

// rotate returns the tools in the order of repetition rep.
func rotate(tools []*tool, rep int) []*tool {
	if len(tools) == 0 {
		return nil
	}
	k := rep % len(tools)
	return append(append([]*tool(nil), tools[k:]...), tools[:k]...)
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// geomean of the positive values; ok is false when there are none.
func geomean(xs []float64) (g float64, ok bool) {
	sum, n := 0.0, 0
	for _, x := range xs {
		if x > 0 {
			sum += math.Log(x)
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	return math.Exp(sum / float64(n)), true
}
