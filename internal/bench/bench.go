// Package bench is memlens bench: it builds every program of annotated
// corpora with every tool (memlens in both modes, AddressSanitizer,
// Valgrind, MemorySanitizer), runs each, judges what each tool reported
// against the annotations (detection, localisation, false positives,
// behaviour against the native build) and measures the overhead of the
// programs marked memlens:bench.
package bench

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"memlens/internal/corpus"
)

// Config is what a run of memlens bench is asked to do.
type Config struct {
	Tools   []string      // ToolNames to compare; native is added
	Jobs    int           // programs judged at once (overhead runs are one at a time)
	N       int           // timed repetitions of each benchmark's build and run
	Timeout time.Duration // limit of one run
	// BuildTimeout is the limit of one build (a real-world project is
	// many units: slower to build than to run).
	BuildTimeout time.Duration
	// Realworld is the real-world corpus, where the projects of
	// memlens:realworld programs are.
	Realworld string
	CPU       bool   // overhead in CPU time (user+sys) rather than wall clock
	Memlens   string // the memlens binary
	CC        string // C compiler of the native and asan builds
	Tmp       string // scratch directory
	// Progress, when set, is told of each program judged and each
	// benchmark measured.
	Progress func(phase string, done, total int)

	peakRSS string // the helper measuring a timed run's peak memory
}

// Program is one corpus program and what each tool did with it.
type Program struct {
	Name  string `json:"name"` // CORPUS/NAME
	Path  string `json:"path"`
	Class string `json:"class"`          // "bug" or "clean"
	Kind  string `json:"kind,omitempty"` // a bug program's kind: its first annotation's
	Bench bool   `json:"bench,omitempty"`
	// Typestate: annotated with typestates (memlens:typestate), which only
	// memlens-typestate's build checks.
	Typestate bool                `json:"typestate,omitempty"`
	Wants     []string            `json:"wants,omitempty"`
	Tools     map[string]*Outcome `json:"tools"`

	prog *corpus.Program
	bins map[string]string // tool → binary
	// projectFiles are the project sources of a memlens:realworld program
	// (absolute paths), projectDir its project's directory.
	projectFiles []string
	projectDir   string
}

// Result is what memlens bench measured (its JSON output).
type Result struct {
	Date  string            `json:"date"`
	Host  map[string]string `json:"host"`
	Tools []string          `json:"tools"`
	// References: the plain build each checker's behaviour and overhead
	// are compared with (native, or clang-native for msan).
	References map[string]string `json:"references"`
	Skipped    map[string]string `json:"skipped,omitempty"`
	// SkippedPrograms: programs not judged, with the reason (the
	// real-world corpus a program's project is in is not here).
	SkippedPrograms map[string]string `json:"skipped_programs,omitempty"`
	N               int               `json:"n"`
	Metric          string            `json:"metric"`
	Programs        []*Program        `json:"programs"`
	Summary         Summary           `json:"summary"`
}

// Load reads the corpora: each argument a directory of programs or one
// program (NAME.c). Programs are named CORPUS/NAME, CORPUS the directory's
// base name.
func Load(args []string) ([]*Program, error) {
	var out []*Program
	seen := map[string]string{}
	for _, a := range args {
		var progs []*corpus.Program
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if st.IsDir() {
			progs, err = corpus.LoadDir(a)
		} else {
			var p *corpus.Program
			p, err = corpus.Load(a)
			progs = []*corpus.Program{p}
		}
		if err != nil {
			return nil, err
		}
		for _, p := range progs {
			abs, err := filepath.Abs(p.Dir)
			if err != nil {
				return nil, err
			}
			p.Dir = abs
			set := filepath.Base(abs) // the directory holding the program
			if st.IsDir() {
				set = filepath.Base(filepath.Clean(a))
			}
			name := set + "/" + p.Name
			if other, dup := seen[name]; dup {
				return nil, fmt.Errorf("%s: program %s is also %s", p.Path, name, other)
			}
			seen[name] = p.Path
			pr := &Program{Name: name, Path: p.Path, Class: "clean", Bench: p.Bench, Typestate: p.Typestate, Tools: map[string]*Outcome{},
				prog: p, bins: map[string]string{}}
			for _, w := range p.Wants {
				pr.Wants = append(pr.Wants, w.String())
			}
			if bugs := p.Bugs(); len(bugs) > 0 {
				pr.Class, pr.Kind = "bug", bugs[0].Kind
			}
			out = append(out, pr)
		}
	}
	return out, nil
}

// setup makes the tools asked for that work here; the others are in
// skipped with the reason. native comes first: the others compare with it.
func setup(cfg *Config, skipped map[string]string) ([]*tool, error) {
	names := []string{"native"}
	for _, name := range cfg.Tools {
		if name == "msan" {
			names = append(names, "clang-native") // msan's reference
		}
		names = append(names, name)
	}
	var tools []*tool
	var native *tool
	for _, name := range names {
		if slices.ContainsFunc(tools, func(t *tool) bool { return t.name == name }) {
			continue
		}
		t, err := newTool(name, cfg.Memlens, cfg.CC)
		if err == nil {
			dir := filepath.Join(cfg.Tmp, "probe", name)
			if err = os.MkdirAll(dir, 0o755); err == nil {
				err = probe(t, native, dir)
			}
		}
		if err != nil {
			if name == "native" {
				return nil, fmt.Errorf("the native build does not work: %v", err)
			}
			skipped[name] = err.Error()
			continue
		}
		if name == "native" {
			native = t
		}
		tools = append(tools, t)
	}
	return tools, nil
}

// Run judges every program with every tool and measures the benchmarks.
func Run(ctx context.Context, cfg *Config, progs []*Program) (*Result, error) {
	res := &Result{Date: time.Now().UTC().Format(time.RFC3339), Host: hostInfo(), N: cfg.N,
		Metric: "wall", Skipped: map[string]string{}, Programs: progs}
	if cfg.CPU {
		res.Metric = "cpu"
	}
	tools, err := setup(cfg, res.Skipped)
	if err != nil {
		return nil, err
	}
	progs = resolveProjects(cfg.Realworld, progs, res)
	res.Programs = progs
	res.References = map[string]string{}
	for _, t := range tools {
		res.Tools = append(res.Tools, t.name)
		if ref := t.reference(); ref != "" {
			res.References[t.name] = ref
		}
	}

	jobs := make(chan *Program)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for range max(cfg.Jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for pr := range jobs {
				judgeProgram(ctx, cfg, tools, pr)
				mu.Lock()
				done++
				if cfg.Progress != nil {
					cfg.Progress("judged", done, len(progs))
				}
				mu.Unlock()
			}
		}()
	}
	for _, pr := range progs {
		if ctx.Err() != nil {
			break
		}
		jobs <- pr
	}
	close(jobs)
	wg.Wait()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}

	var benches []*Program
	for _, pr := range progs {
		if pr.Bench {
			benches = append(benches, pr)
		}
	}
	if len(benches) > 0 {
		if cfg.peakRSS, err = buildPeakRSS(cfg.CC, cfg.Tmp); err != nil {
			return nil, err
		}
	}
	for i, pr := range benches {
		measure(ctx, cfg, tools, pr)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if cfg.Progress != nil {
			cfg.Progress("measured", i+1, len(benches))
		}
	}
	res.Summary = summarise(res, tools)
	return res, nil
}

// resolveProjects finds the project sources of the memlens:realworld
// programs in the real-world corpus at root, and returns the programs
// that can be built: the others are in res.SkippedPrograms with the
// reason.
func resolveProjects(root string, progs []*Program, res *Result) []*Program {
	var out []*Program
	for _, pr := range progs {
		if pr.prog.Project != "" {
			files, dir, err := pr.prog.ProjectFiles(root)
			if err != nil {
				if res.SkippedPrograms == nil {
					res.SkippedPrograms = map[string]string{}
				}
				res.SkippedPrograms[pr.Name] = fmt.Sprintf("the real-world corpus (-realworld %s) does not hold it: %v", root, err)
				continue
			}
			pr.projectFiles, pr.projectDir = files, dir
		}
		out = append(out, pr)
	}
	return out
}

// optFlags are the compiler flags of every build of pr: benchmarks are
// measured optimised; the bug programs are built as a developer chasing a
// bug would, so no tool misses a bug the optimiser removed.
func optFlags(pr *Program) []string {
	if pr.Bench {
		return []string{"-g", "-O2"}
	}
	return []string{"-g", "-O1"}
}

// judgeProgram builds pr with every tool, runs each once and judges the
// runs.
func judgeProgram(ctx context.Context, cfg *Config, tools []*tool, pr *Program) {
	p := pr.prog
	dir := filepath.Join(cfg.Tmp, "programs", strings.ReplaceAll(pr.Name, "/", "_"))
	env := cleanEnv()
	files, stdin := pr.files(), pr.stdin()
	for _, t := range tools {
		o := &Outcome{Exit: -1}
		pr.Tools[t.name] = o
		if pr.Class == "bug" && t.reference() == "" && !slices.ContainsFunc(tools, func(u *tool) bool { return u.from == t.name }) {
			// A plain build's run says nothing of a bug program: it is
			// built only for a tool running its binary (valgrind, native's).
			o.Status = "unused"
			continue
		}
		tdir := filepath.Join(dir, t.name)
		if err := os.MkdirAll(tdir, 0o755); err != nil {
			o.Status, o.Error = "error", err.Error()
			continue
		}
		if t.build == nil {
			bin, ok := pr.bins[t.from]
			if !ok {
				o.Status, o.Error = "no-binary", t.from+" build failed"
				continue
			}
			pr.bins[t.name] = bin
		} else {
			bin := filepath.Join(tdir, "prog")
			argv := t.build(pr, optFlags(pr), bin)
			b := execute(ctx, argv, env, p.Dir, "", cfg.BuildTimeout, false)
			if b.err != nil || b.timedOut || b.exit != 0 {
				o.Status, o.Error = "build-failed", failure(argv, b)
				continue
			}
			pr.bins[t.name] = bin
		}
		if pr.Class == "bug" && t.reference() == "" {
			o.Status = "built"
			continue
		}
		logFile := filepath.Join(tdir, "findings")
		argv := append(t.run(pr.bins[t.name], logFile), p.Args...)
		r := execute(ctx, argv, append(append([]string{}, env...), t.env(p, logFile, false)...), p.Dir, stdin, cfg.Timeout, false)
		o.stdout, o.Exit, o.Signal = r.stdout, r.exit, r.signal
		switch {
		case r.err != nil:
			o.Status, o.Error = "error", failure(argv, r)
			continue
		case r.timedOut:
			o.Status, o.Error = "timed-out", failure(argv, r)
		default:
			o.Status = "ok"
		}
		fs, err := t.findings(r.stderr, logFile)
		if err != nil && o.Status == "ok" {
			o.Status, o.Error = "error", "reading its verdict: "+err.Error()
		}
		o.Findings = fs
	}
	bugs := p.Bugs()
	for _, t := range tools {
		o := pr.Tools[t.name]
		if pr.Class == "bug" {
			judgeBug(o, bugs, files)
		} else if ref := pr.Tools[t.reference()]; o.Status == "ok" && ref != nil {
			judgeClean(o, ref)
		} else if o.Status == "timed-out" {
			o.Reported, o.Differs = len(o.Findings) > 0, "timed out"
		}
	}
}

// files are the base names of the program's sources and headers, its
// project's sources included: where a report must name a line.
func (pr *Program) files() map[string]bool {
	files := map[string]bool{}
	if pr.prog != nil {
		for _, f := range slices.Concat(pr.prog.Sources, pr.prog.Headers, pr.projectFiles) {
			files[filepath.Base(f)] = true
		}
	}
	return files
}

// stdin is the file the program reads on stdin ("": /dev/null).
func (pr *Program) stdin() string {
	if pr.prog == nil || pr.prog.Stdin == "" {
		return ""
	}
	return filepath.Join(pr.prog.Dir, pr.prog.Stdin)
}

// hostInfo describes the machine, for the JSON.
func hostInfo() map[string]string {
	h := map[string]string{"goos": runtime.GOOS, "goarch": runtime.GOARCH, "cpus": fmt.Sprint(runtime.NumCPU())}
	if name, err := os.Hostname(); err == nil {
		h["hostname"] = name
	}
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				h["cpu"] = strings.TrimSpace(v)
				break
			}
		}
	}
	return h
}
