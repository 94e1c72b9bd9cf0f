// Command bench measures memlens against native code, AddressSanitizer and
// (optionally) Valgrind on the C programs in bench/programs.
//
//	go run ./bench [-tools native,asan,memlens[,memlens-full,valgrind]] [-n 5] [-programs GLOB]
//	               [-json FILE] [-memlens PATH]
//
// Every program is built once per tool (a warm-up that also yields the binary
// to run), then built -n more times for the compile-time table. It is run once
// per tool to check its output against the native build, then -n more times
// with the tools interleaved round-robin (the order rotates every repetition),
// one process at a time. Both tables report medians. See bench/README.md.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"time"
)

// Targets (see bench/README.md).
const (
	targetVsNative  = 3.0 // memlens run time / native run time
	targetVsASan    = 1.5 // memlens run time / asan run time
	targetCompileCC = 3.0 // memlens compile time / gcc compile time
	targetFullVsVG  = 0.5 // memlens-full run time / valgrind run time
)

var knownTools = []string{"native", "asan", "memlens", "memlens-full", "valgrind"}

// A tool builds and runs a program one way.
type tool struct {
	name string
	// build returns the command that compiles src into out; nil when the
	// tool runs another tool's binary (valgrind runs the native one).
	build func(src, out string) []string
	// buildsFrom names the tool whose binary this tool runs, if build is nil.
	buildsFrom string
	// run returns the command that runs bin.
	run func(bin string) []string
	env []string // environment of both build and run
}

// Result of one tool on one program.
type toolResult struct {
	Tool          string    `json:"tool"`
	CompileS      []float64 `json:"compile_s,omitempty"`
	CompileMedian float64   `json:"compile_median_s,omitempty"`
	RunS          []float64 `json:"run_s,omitempty"`
	RunMedian     float64   `json:"run_median_s,omitempty"`
	UserMedian    float64   `json:"user_median_s,omitempty"`
	SysMedian     float64   `json:"sys_median_s,omitempty"`
	MaxRSSKB      int64     `json:"max_rss_kb,omitempty"`
	// Error is set when the tool failed on this program; ErrorKind is one
	// of "build", "run", "output", "timeout", "reference".
	Error     string `json:"error,omitempty"`
	ErrorKind string `json:"error_kind,omitempty"`

	bin string
	rss []int64
	usr []float64
	sys []float64
}

// buildFailed says whether the tool has no binary of this program.
func (r *toolResult) buildFailed() bool {
	return r.ErrorKind == "build"
}

func (r *toolResult) fail(kind, msg string) {
	if r.Error == "" {
		r.ErrorKind, r.Error = kind, msg
	}
}

type programResult struct {
	Name   string                 `json:"name"`
	Source string                 `json:"source"`
	Output string                 `json:"output,omitempty"` // native stdout
	Tools  map[string]*toolResult `json:"tools"`
}

type summary struct {
	RunVsNative      map[string]float64 `json:"run_vs_native_geomean"`
	CompileVsNative  map[string]float64 `json:"compile_vs_native_geomean"`
	NativeRunS       float64            `json:"native_run_geomean_s"`
	NativeCompileS   float64            `json:"native_compile_geomean_s"`
	MemlensVsASan    float64            `json:"memlens_vs_asan_geomean,omitempty"`
	MemlensVsASanCC  float64            `json:"memlens_vs_asan_compile_geomean,omitempty"`
	FullVsValgrind   float64            `json:"memlens_full_vs_valgrind_geomean,omitempty"`
	TargetsMet       *bool              `json:"targets_met,omitempty"`
	TargetsEvaluated string             `json:"targets,omitempty"`
}

type report struct {
	Date     string            `json:"date"`
	Host     map[string]string `json:"host"`
	N        int               `json:"n"`
	Metric   string            `json:"metric"` // what run_s holds: wall or cpu
	Tools    []string          `json:"tools"`
	Skipped  map[string]string `json:"skipped,omitempty"`
	Programs []*programResult  `json:"programs"`
	Summary  summary           `json:"summary"`
}

var (
	flagTools    = flag.String("tools", "native,asan,memlens", "comma-separated tools: native, asan, memlens, memlens-full, valgrind")
	flagN        = flag.Int("n", 5, "repetitions for run time and compile time (medians are reported)")
	flagPrograms = flag.String("programs", "*", "glob(s), comma-separated, selecting programs by name (e.g. 'tree,h*')")
	flagJSON     = flag.String("json", "", "write machine-readable results to `FILE`")
	flagMemlens  = flag.String("memlens", "", "use the memlens binary at `PATH` instead of building ./cmd/memlens")
	flagCC       = flag.String("cc", "gcc", "C compiler for the native and asan builds")
	flagTimeout  = flag.Duration("timeout", 10*time.Minute, "limit for one build or run")
	flagDir      = flag.String("dir", "", "directory of the benchmark programs (default: bench/programs of the module)")
	flagVerbose  = flag.Bool("v", false, "print every command")
	flagMetric   = flag.String("metric", "wall", "run time measured as `wall` clock or cpu (user+sys of the process; steadier on a busy machine)")
)

var ctx context.Context

func main() {
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: go run ./bench [flags]\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	var stop context.CancelFunc
	ctx, stop = signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run())
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "bench: "+format+"\n", args...)
}

func run() int {
	if *flagMetric != "wall" && *flagMetric != "cpu" {
		logf("-metric must be wall or cpu")
		return 2
	}
	if *flagN < 1 {
		logf("-n must be at least 1")
		return 2
	}
	want, err := parseTools(*flagTools)
	if err != nil {
		logf("%v", err)
		return 2
	}
	root, err := moduleRoot()
	if err != nil {
		logf("%v", err)
		return 2
	}
	dir := *flagDir
	if dir == "" {
		dir = filepath.Join(root, "bench", "programs")
	}
	progs, err := selectPrograms(dir, *flagPrograms)
	if err != nil {
		logf("%v", err)
		return 2
	}
	tmp, err := os.MkdirTemp("", "memlens-bench-")
	if err != nil {
		logf("%v", err)
		return 2
	}
	defer os.RemoveAll(tmp)

	rep := &report{
		Date:    time.Now().UTC().Format(time.RFC3339),
		Host:    hostInfo(),
		N:       *flagN,
		Metric:  *flagMetric,
		Skipped: map[string]string{},
	}
	if _, err := exec.LookPath(*flagCC); err != nil {
		logf("no C compiler: %v", err)
		return 2
	}
	tools := setupTools(want, root, tmp, rep.Skipped)
	if ctx.Err() != nil {
		return 130
	}
	for _, t := range tools {
		rep.Tools = append(rep.Tools, t.name)
	}
	for _, name := range want {
		if reason, ok := rep.Skipped[name]; ok {
			logf("%s: skipped: %s", name, firstLines(reason, 12))
		}
	}

	for _, src := range progs {
		pr := benchProgram(src, tools, tmp)
		if ctx.Err() != nil {
			logf("interrupted")
			return 130
		}
		rep.Programs = append(rep.Programs, pr)
	}

	rep.Summary = summarise(rep, want)
	printReport(os.Stdout, rep, want)

	status := 0
	if *flagJSON != "" {
		data, err := json.MarshalIndent(rep, "", "  ")
		if err == nil {
			err = os.WriteFile(*flagJSON, append(data, '\n'), 0o644)
		}
		if err != nil {
			logf("writing %s: %v", *flagJSON, err)
			status = 1
		}
	}
	for _, pr := range rep.Programs {
		for _, r := range pr.Tools {
			if r.Error != "" {
				status = 1
			}
		}
	}
	return status
}

func parseTools(s string) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" || seen[name] {
			continue
		}
		known := false
		for _, k := range knownTools {
			known = known || k == name
		}
		if !known {
			return nil, fmt.Errorf("unknown tool %q (known: %s)", name, strings.Join(knownTools, ", "))
		}
		seen[name] = true
		out = append(out, name)
	}
	if !seen["native"] {
		// Every ratio and every output check is relative to native.
		out = append([]string{"native"}, out...)
	}
	// Canonical order, so the tables always have the same shape.
	sort.SliceStable(out, func(i, j int) bool { return toolIndex(out[i]) < toolIndex(out[j]) })
	return out, nil
}

func toolIndex(name string) int {
	for i, k := range knownTools {
		if k == name {
			return i
		}
	}
	return len(knownTools)
}

// moduleRoot finds the directory of the memlens go.mod, from the working
// directory upwards.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && bytes.HasPrefix(bytes.TrimSpace(data), []byte("module memlens")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("cannot find the memlens module (run from inside the repository)")
		}
		dir = parent
	}
}

func selectPrograms(dir, globs string) ([]string, error) {
	all, err := filepath.Glob(filepath.Join(dir, "*.c"))
	if err != nil {
		return nil, err
	}
	if len(all) == 0 {
		return nil, fmt.Errorf("no programs in %s", dir)
	}
	var out []string
	for _, path := range all {
		name := strings.TrimSuffix(filepath.Base(path), ".c")
		for _, g := range strings.Split(globs, ",") {
			g = strings.TrimSpace(g)
			m1, err := filepath.Match(g, name)
			if err != nil {
				return nil, fmt.Errorf("-programs: %v", err)
			}
			m2, _ := filepath.Match(g, name+".c")
			if m1 || m2 {
				out = append(out, path)
				break
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("-programs %q matches none of the programs in %s", globs, dir)
	}
	sort.Strings(out)
	return out, nil
}

// baseEnv is the environment without the options of the tools under test,
// so every tool runs with its defaults.
func baseEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "MEMLENS_OPTIONS=") || strings.HasPrefix(kv, "ASAN_OPTIONS=") {
			continue
		}
		env = append(env, kv)
	}
	return env
}

// setupTools makes the requested tools that are available; the others are
// recorded in skipped with the reason.
func setupTools(want []string, root, tmp string, skipped map[string]string) []*tool {
	cc := *flagCC
	var tools []*tool
	for _, name := range want {
		var t *tool
		switch name {
		case "native":
			t = &tool{
				name:  name,
				build: func(src, out string) []string { return []string{cc, "-O2", "-o", out, src} },
				run:   func(bin string) []string { return []string{bin} },
				env:   baseEnv(),
			}
		case "asan":
			t = &tool{
				name: name,
				build: func(src, out string) []string {
					return []string{cc, "-O2", "-fsanitize=address", "-fno-omit-frame-pointer", "-o", out, src}
				},
				run: func(bin string) []string { return []string{bin} },
				// Leak checking is off so asan does the same work as the others.
				env: append(baseEnv(), "ASAN_OPTIONS=detect_leaks=0"),
			}
			if err := probe(t, tmp); err != nil {
				skipped[name] = "AddressSanitizer does not work here: " + err.Error()
				continue
			}
		case "memlens", "memlens-full":
			bin, err := memlensBinary(root, tmp)
			if err != nil {
				skipped[name] = err.Error()
				continue
			}
			mode := []string{} // detection mode
			if name == "memlens-full" {
				mode = []string{"--memlens-full"}
			}
			t = &tool{
				name: name,
				build: func(src, out string) []string {
					return append(append([]string{bin, "cc"}, mode...), "-O2", "-o", out, src)
				},
				run: func(bin string) []string { return []string{bin} },
				env: baseEnv(),
			}
		case "valgrind":
			vg, err := exec.LookPath("valgrind")
			if err == nil {
				_, err = command(baseEnv(), tmp, nil, vg, "--version")
			}
			if err != nil {
				skipped[name] = "valgrind not available: " + err.Error()
				continue
			}
			t = &tool{
				name:       name,
				buildsFrom: "native",
				// memlens checks leaks at exit (and, in full
				// checking, where they happen): Valgrind does its
				// full leak check too, for a like-for-like time
				run: func(bin string) []string {
					return []string{vg, "-q", "--leak-check=full", bin}
				},
				env: baseEnv(),
			}
		}
		tools = append(tools, t)
	}
	return tools
}

// probe checks that t can build and run a trivial program.
func probe(t *tool, tmp string) error {
	src := filepath.Join(tmp, "probe.c")
	bin := filepath.Join(tmp, "probe-"+t.name)
	prog := "#include <stdio.h>\n#include <stdlib.h>\nint main(void){char *p=malloc(4);p[0]='o';p[1]='k';p[2]=0;puts(p);free(p);return 0;}\n"
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		return err
	}
	argv := t.build(src, bin)
	if out, err := command(t.env, tmp, nil, argv[0], argv[1:]...); err != nil {
		return fmt.Errorf("%v\n%s", err, out)
	}
	var stdout bytes.Buffer
	argv = t.run(bin)
	if out, err := command(t.env, tmp, &stdout, argv[0], argv[1:]...); err != nil {
		return fmt.Errorf("%v\n%s", err, out)
	}
	if stdout.String() != "ok\n" {
		return fmt.Errorf("probe printed %q", stdout.String())
	}
	return nil
}

// memlensBinary returns the -memlens binary, or builds ./cmd/memlens.
func memlensBinary(root, tmp string) (string, error) {
	if *flagMemlens != "" {
		path, err := exec.LookPath(*flagMemlens)
		if err != nil {
			return "", fmt.Errorf("-memlens %s: %v", *flagMemlens, err)
		}
		return filepath.Abs(path)
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	bin := filepath.Join(tmp, "bin", "memlens")
	logf("building memlens (go build -o %s ./cmd/memlens)", bin)
	if out, err := command(os.Environ(), root, nil, goTool, "build", "-o", bin, "./cmd/memlens"); err != nil {
		return "", fmt.Errorf("cannot build ./cmd/memlens: %v\n%s", err, strings.TrimSpace(out))
	}
	return bin, nil
}

// command runs name with args in dir and returns its stderr (and its stdout,
// when stdout is nil).
func command(env []string, dir string, stdout io.Writer, name string, args ...string) (string, error) {
	c, cancel := context.WithTimeout(ctx, *flagTimeout)
	defer cancel()
	cmd := exec.CommandContext(c, name, args...)
	cmd.Env, cmd.Dir = env, dir
	var out bytes.Buffer
	cmd.Stderr = &out
	if stdout != nil {
		cmd.Stdout = stdout
	} else {
		cmd.Stdout = &out
	}
	if *flagVerbose {
		logf("$ %s", strings.Join(append([]string{name}, args...), " "))
	}
	err := cmd.Run()
	if c.Err() == context.DeadlineExceeded {
		err = fmt.Errorf("timed out after %v", *flagTimeout)
	}
	return out.String(), err
}

// A measured run of one process.
type measured struct {
	wall, user, sys float64
	maxRSS          int64
	stdout, stderr  string
	err             error
	timedOut        bool
}

func measure(env []string, dir string, argv []string) measured {
	c, cancel := context.WithTimeout(ctx, *flagTimeout)
	defer cancel()
	cmd := exec.CommandContext(c, argv[0], argv[1:]...)
	cmd.Env, cmd.Dir = env, dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if *flagVerbose {
		logf("$ %s", strings.Join(argv, " "))
	}
	start := time.Now()
	err := cmd.Run()
	m := measured{wall: time.Since(start).Seconds(), err: err, stdout: stdout.String(), stderr: stderr.String()}
	m.timedOut = c.Err() == context.DeadlineExceeded
	if ps := cmd.ProcessState; ps != nil {
		m.user, m.sys = ps.UserTime().Seconds(), ps.SystemTime().Seconds()
		if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
			m.maxRSS = int64(ru.Maxrss) // KiB on Linux
		}
	}
	return m
}

// rotate returns the tools in the order of repetition rep.
func rotate(tools []*tool, rep int) []*tool {
	k := rep % len(tools)
	return append(append([]*tool(nil), tools[k:]...), tools[:k]...)
}

func benchProgram(src string, tools []*tool, tmp string) *programResult {
	name := strings.TrimSuffix(filepath.Base(src), ".c")
	pr := &programResult{Name: name, Source: src, Tools: map[string]*toolResult{}}
	for _, t := range tools {
		pr.Tools[t.name] = &toolResult{Tool: t.name}
	}
	logf("%s: building", name)

	// Warm-up build: the binary that is run, and a first build that fills
	// any cache (the memlens runtime) before the timed builds.
	for _, t := range tools {
		if t.build == nil {
			continue
		}
		r := pr.Tools[t.name]
		dir := filepath.Join(tmp, t.name)
		os.MkdirAll(dir, 0o755)
		r.bin = filepath.Join(dir, name)
		argv := t.build(src, r.bin)
		m := measure(t.env, dir, argv)
		if ctx.Err() != nil {
			return pr
		}
		if m.err != nil || m.timedOut {
			r.fail("build", fmt.Sprintf("%s%s%v\n(command: %s)", m.stdout, m.stderr, m.err, strings.Join(argv, " ")))
		}
	}
	for _, t := range tools {
		if t.build == nil {
			r, from := pr.Tools[t.name], pr.Tools[t.buildsFrom]
			r.bin = from.bin
			if from.Error != "" {
				r.fail("reference", t.buildsFrom+" build failed")
			}
		}
	}

	// Timed builds, round-robin.
	for rep := 0; rep < *flagN; rep++ {
		for _, t := range rotate(tools, rep) {
			r := pr.Tools[t.name]
			if t.build == nil || r.Error != "" {
				continue
			}
			out := r.bin + ".rebuild"
			argv := t.build(src, out)
			m := measure(t.env, filepath.Dir(r.bin), argv)
			if ctx.Err() != nil {
				return pr
			}
			os.Remove(out)
			if m.err != nil || m.timedOut {
				r.fail("build", fmt.Sprintf("a repeated build failed: %s%s%v\n(command: %s)", m.stdout, m.stderr, m.err, strings.Join(argv, " ")))
				continue
			}
			r.CompileS = append(r.CompileS, m.wall)
		}
	}

	// Reference run (native), then one checked run of every other tool.
	native := pr.Tools["native"]
	check := func(t *tool, m measured) {
		r := pr.Tools[t.name]
		switch {
		case m.timedOut:
			r.fail("timeout", fmt.Sprintf("timed out after %v", *flagTimeout))
		case m.err != nil:
			msg := m.err.Error()
			if line := headline(m.stderr); line != "" {
				msg += ": " + line
			}
			r.fail("run", msg+"\n"+m.stderr)
		case t.name != "native" && m.stdout != pr.Output:
			r.fail("output", "stdout differs from native: "+firstDifference(pr.Output, m.stdout))
		case strings.TrimSpace(m.stderr) != "":
			// The programs are correct: any report is a false positive.
			r.fail("run", "unexpected stderr: "+headline(m.stderr)+"\n"+m.stderr)
		}
	}
	for _, t := range tools {
		r := pr.Tools[t.name]
		if r.Error != "" {
			continue
		}
		if t.name != "native" && native.Error != "" {
			r.fail("reference", "no native output to compare with")
			continue
		}
		logf("%s: checking %s", name, t.name)
		m := measure(t.env, filepath.Dir(r.bin), t.run(r.bin))
		if ctx.Err() != nil {
			return pr
		}
		if t.name == "native" {
			pr.Output = m.stdout
		}
		check(t, m)
	}

	// Timed runs, round-robin, one process at a time.
	for rep := 0; rep < *flagN; rep++ {
		logf("%s: run %d/%d", name, rep+1, *flagN)
		for _, t := range rotate(tools, rep) {
			r := pr.Tools[t.name]
			if r.Error != "" {
				continue
			}
			m := measure(t.env, filepath.Dir(r.bin), t.run(r.bin))
			if ctx.Err() != nil {
				return pr
			}
			if t.name == "native" && m.err == nil && m.stdout != pr.Output {
				r.fail("output", "native output differs between runs (nondeterministic program)")
			}
			check(t, m)
			if r.Error != "" {
				continue
			}
			if *flagMetric == "cpu" {
				r.RunS = append(r.RunS, m.user+m.sys)
			} else {
				r.RunS = append(r.RunS, m.wall)
			}
			r.usr = append(r.usr, m.user)
			r.sys = append(r.sys, m.sys)
			r.rss = append(r.rss, m.maxRSS)
		}
	}

	for _, r := range pr.Tools {
		if r.Error != "" {
			// A tool that built but failed to run keeps its compile times.
			r.RunS = nil
			if r.buildFailed() {
				r.CompileS = nil
			}
			r.CompileMedian = median(r.CompileS)
			continue
		}
		r.CompileMedian = median(r.CompileS)
		r.RunMedian = median(r.RunS)
		r.UserMedian = median(r.usr)
		r.SysMedian = median(r.sys)
		for _, kb := range r.rss {
			r.MaxRSSKB = max(r.MaxRSSKB, kb)
		}
	}
	line := fmt.Sprintf("%s: done:", name)
	for _, t := range tools {
		r := pr.Tools[t.name]
		if r.Error != "" {
			line += fmt.Sprintf(" %s %s-error", t.name, r.ErrorKind)
		} else {
			line += fmt.Sprintf(" %s %.3fs", t.name, r.RunMedian)
		}
	}
	logf("%s", line)
	return pr
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// geomean of the positive values; ok is false when there are none.
func geomean(xs []float64) (g float64, ok bool) {
	sum, n := 0.0, 0
	for _, x := range xs {
		if x > 0 && !math.IsInf(x, 0) && !math.IsNaN(x) {
			sum += math.Log(x)
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	return math.Exp(sum / float64(n)), true
}

// ratio of tool a's median to tool b's on one program; 0 when either failed.
func ratio(pr *programResult, a, b string, compile bool) float64 {
	ra, rb := pr.Tools[a], pr.Tools[b]
	if ra == nil || rb == nil {
		return 0
	}
	if !compile && (ra.Error != "" || rb.Error != "") {
		return 0
	}
	x, y := ra.RunMedian, rb.RunMedian
	if compile {
		x, y = ra.CompileMedian, rb.CompileMedian
	}
	if x <= 0 || y <= 0 {
		return 0
	}
	return x / y
}

func summarise(rep *report, want []string) summary {
	s := summary{RunVsNative: map[string]float64{}, CompileVsNative: map[string]float64{}}
	collect := func(f func(*programResult) float64) (float64, int) {
		var xs []float64
		for _, pr := range rep.Programs {
			if x := f(pr); x > 0 {
				xs = append(xs, x)
			}
		}
		g, _ := geomean(xs)
		return g, len(xs)
	}
	s.NativeRunS, _ = collect(func(pr *programResult) float64 { return pr.Tools["native"].RunMedian })
	s.NativeCompileS, _ = collect(func(pr *programResult) float64 { return pr.Tools["native"].CompileMedian })
	for _, name := range rep.Tools {
		if name == "native" {
			continue
		}
		s.RunVsNative[name], _ = collect(func(pr *programResult) float64 { return ratio(pr, name, "native", false) })
		if name != "valgrind" {
			s.CompileVsNative[name], _ = collect(func(pr *programResult) float64 { return ratio(pr, name, "native", true) })
		}
	}
	hasASan := contains(rep.Tools, "asan")
	if contains(rep.Tools, "memlens") && hasASan {
		s.MemlensVsASan, _ = collect(func(pr *programResult) float64 { return ratio(pr, "memlens", "asan", false) })
		s.MemlensVsASanCC, _ = collect(func(pr *programResult) float64 { return ratio(pr, "memlens", "asan", true) })
	}
	if contains(rep.Tools, "memlens-full") && contains(rep.Tools, "valgrind") {
		s.FullVsValgrind, _ = collect(func(pr *programResult) float64 { return ratio(pr, "memlens-full", "valgrind", false) })
	}
	if contains(want, "memlens") || contains(want, "memlens-full") {
		met := true
		var notes []string
		for _, name := range []string{"memlens", "memlens-full"} {
			if !contains(want, name) {
				continue
			}
			failed := 0
			for _, pr := range rep.Programs {
				if r := pr.Tools[name]; r == nil || r.Error != "" {
					failed++
				}
			}
			if failed > 0 {
				met = false
				notes = append(notes, fmt.Sprintf("%s failed on %d of %d programs", name, failed, len(rep.Programs)))
			}
		}
		check := func(label string, got, limit float64) {
			if got == 0 {
				return
			}
			verdict := "ok"
			if got > limit {
				verdict, met = "MISSED", false
			}
			notes = append(notes, fmt.Sprintf("%s %.2f× (≤ %.1f×) %s", label, got, limit, verdict))
		}
		if contains(want, "memlens") {
			check("run memlens/native", s.RunVsNative["memlens"], targetVsNative)
			if hasASan {
				check("run memlens/asan", s.MemlensVsASan, targetVsASan)
			} else {
				met = false
				notes = append(notes, "memlens/asan not measured (asan not available)")
			}
			check("compile memlens/gcc", s.CompileVsNative["memlens"], targetCompileCC)
		}
		if contains(want, "memlens-full") {
			if contains(rep.Tools, "valgrind") {
				check("run memlens-full/valgrind", s.FullVsValgrind, targetFullVsVG)
			} else {
				met = false
				notes = append(notes, "memlens-full/valgrind not measured (add valgrind to -tools)")
			}
		}
		s.TargetsMet = &met
		s.TargetsEvaluated = strings.Join(notes, "; ")
	}
	return s
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// Table printing.

type column struct {
	head string
	cell func(pr *programResult) string // nil on the geomean row
	geo  func() string
}

func printReport(w io.Writer, rep *report, want []string) {
	fmt.Fprintf(w, "memlens benchmark  %s\n", rep.Date)
	fmt.Fprintf(w, "host: %s, %s CPUs, %s\n", rep.Host["cpu"], rep.Host["cpus"], rep.Host["cc"])
	metric := "wall clock"
	if rep.Metric == "cpu" {
		metric = "user+sys CPU time"
	}
	fmt.Fprintf(w, "n=%d (medians; run times are %s, tools interleaved round-robin)\n", rep.N, metric)
	for _, name := range want {
		if reason, ok := rep.Skipped[name]; ok {
			fmt.Fprintf(w, "%s: skipped: %s\n", name, headline(reason))
		}
	}

	fmt.Fprintf(w, "\nRun time (× = median / native median)\n")
	printTable(w, rep, want, false)
	fmt.Fprintf(w, "\nCompile time (× = median / plain %s median)\n", *flagCC)
	printTable(w, rep, want, true)

	var errs []string
	for _, pr := range rep.Programs {
		for _, name := range want {
			if r := pr.Tools[name]; r != nil && r.Error != "" && r.ErrorKind != "reference" {
				errs = append(errs, fmt.Sprintf("%s / %s (%s):\n%s", pr.Name, name, r.ErrorKind,
					indent(clipLines(firstLines(r.Error, 10), 150), "    ")))
			}
		}
	}
	if len(errs) > 0 {
		fmt.Fprintf(w, "\nErrors (first lines; -json FILE keeps the whole messages):\n")
		for _, e := range errs {
			fmt.Fprintf(w, "  %s\n", e)
		}
	}
	if s := rep.Summary; s.TargetsMet != nil {
		verdict := "MET"
		if !*s.TargetsMet {
			verdict = "NOT MET"
		}
		fmt.Fprintf(w, "\nTargets %s: %s\n", verdict, s.TargetsEvaluated)
	}
}

func printTable(w io.Writer, rep *report, want []string, compile bool) {
	base := "native s"
	if compile {
		base = *flagCC + " s"
	}
	median := func(r *toolResult) float64 {
		if compile {
			return r.CompileMedian
		}
		return r.RunMedian
	}
	status := func(pr *programResult, name string) (string, bool) {
		if _, skipped := rep.Skipped[name]; skipped {
			return "-", false
		}
		r := pr.Tools[name]
		if r == nil {
			return "-", false
		}
		if compile && !r.buildFailed() {
			return "", r.CompileMedian > 0
		}
		if r.Error != "" {
			return errorCell(r), false
		}
		return "", true
	}
	cols := []column{{
		head: "program",
		cell: func(pr *programResult) string { return pr.Name },
		geo:  func() string { return "geomean" },
	}, {
		head: base,
		cell: func(pr *programResult) string {
			if s, ok := status(pr, "native"); !ok {
				return s
			}
			return fmt.Sprintf("%.3f", median(pr.Tools["native"]))
		},
		geo: func() string {
			var xs []float64
			for _, pr := range rep.Programs {
				if x := median(pr.Tools["native"]); x > 0 {
					xs = append(xs, x)
				}
			}
			if g, ok := geomean(xs); ok {
				return fmt.Sprintf("%.3f", g)
			}
			return "-"
		},
	}}
	ratioCol := func(head, a, b string) column {
		return column{
			head: head,
			cell: func(pr *programResult) string {
				if s, ok := status(pr, a); !ok {
					return s
				}
				if s, ok := status(pr, b); !ok {
					return "(" + s + ")"
				}
				return fmt.Sprintf("%.2f×", ratio(pr, a, b, compile))
			},
			geo: func() string {
				var xs []float64
				for _, pr := range rep.Programs {
					if x := ratio(pr, a, b, compile); x > 0 {
						xs = append(xs, x)
					}
				}
				g, ok := geomean(xs)
				if !ok {
					return "-"
				}
				if len(xs) < len(rep.Programs) {
					return fmt.Sprintf("%.2f× (%d/%d)", g, len(xs), len(rep.Programs))
				}
				return fmt.Sprintf("%.2f×", g)
			},
		}
	}
	for _, name := range want {
		if name == "native" || (compile && name == "valgrind") {
			continue
		}
		cols = append(cols, ratioCol(name+" ×", name, "native"))
		if name == "memlens" && contains(want, "asan") {
			cols = append(cols, ratioCol("memlens/asan", "memlens", "asan"))
		}
		if name == "valgrind" && contains(want, "memlens-full") {
			cols = append(cols, ratioCol("full/valgrind", "memlens-full", "valgrind"))
		}
	}
	cols = append(cols, column{
		head: "notes",
		cell: func(pr *programResult) string {
			var notes []string
			for _, name := range want {
				r := pr.Tools[name]
				if r == nil || r.Error == "" || r.ErrorKind == "reference" {
					continue
				}
				if compile && (name == "valgrind" || !r.buildFailed()) {
					continue
				}
				notes = append(notes, name+": "+truncate(headline(r.Error), 60))
			}
			return strings.Join(notes, "; ")
		},
		geo: func() string { return "" },
	})

	rows := [][]string{}
	head := []string{}
	for _, c := range cols {
		head = append(head, c.head)
	}
	rows = append(rows, head)
	for _, pr := range rep.Programs {
		var row []string
		for _, c := range cols {
			row = append(row, c.cell(pr))
		}
		rows = append(rows, row)
	}
	var geo []string
	for _, c := range cols {
		geo = append(geo, c.geo())
	}
	rows = append(rows, geo)

	widths := make([]int, len(cols))
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], len([]rune(cell)))
		}
	}
	bw := bufio.NewWriter(w)
	for ri, row := range rows {
		if ri == len(rows)-1 {
			writeRule(bw, widths)
		}
		for i, cell := range row {
			pad := strings.Repeat(" ", widths[i]-len([]rune(cell)))
			switch {
			case i == len(row)-1:
				fmt.Fprintf(bw, "%s", cell) // notes: left-aligned, no padding
			case i == 0:
				fmt.Fprintf(bw, "%s%s  ", cell, pad)
			default:
				fmt.Fprintf(bw, "%s%s  ", pad, cell)
			}
		}
		fmt.Fprintln(bw)
		if ri == 0 {
			writeRule(bw, widths)
		}
	}
	bw.Flush()
}

func writeRule(w io.Writer, widths []int) {
	n := 0
	for _, x := range widths[:len(widths)-1] {
		n += x + 2
	}
	n += max(widths[len(widths)-1], 5)
	fmt.Fprintln(w, strings.Repeat("-", n))
}

func errorCell(r *toolResult) string {
	switch r.ErrorKind {
	case "build":
		return "BUILD-ERR"
	case "output":
		return "WRONG-OUT"
	case "timeout":
		return "TIMEOUT"
	case "reference":
		return "n/a"
	}
	return "RUN-ERR"
}

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = append(lines[:n], fmt.Sprintf("... (%d more lines)", len(lines)-n))
	}
	return strings.Join(lines, "\n")
}

// firstDifference describes the first line where got differs from want.
func firstDifference(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if i >= len(w) || i >= len(g) || wl != gl {
			return fmt.Sprintf("line %d: want %q, got %q", i+1, truncate(wl, 100), truncate(gl, 100))
		}
	}
	return "(identical)"
}

// headline is the line of an error message worth showing in a table cell:
// the first one that mentions an error, else the first non-empty one.
func headline(s string) string {
	first := ""
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if first == "" {
			first = line
		}
		if loc, msg, ok := strings.Cut(line, ": error: "); ok {
			// a compiler diagnostic: keep the file name, drop its directory
			if loc = strings.TrimSpace(loc); loc != "" {
				return filepath.Base(loc) + ": error: " + msg
			}
			return "error: " + msg
		}
		if strings.Contains(strings.ToLower(line), "error") {
			return line
		}
	}
	return first
}

// clipLines truncates every line of s to n characters (instrumented source
// lines in compiler diagnostics can be thousands of characters long).
func clipLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		lines[i] = truncate(strings.TrimRight(line, " "), n)
	}
	return strings.Join(lines, "\n")
}

func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func hostInfo() map[string]string {
	h := map[string]string{
		"os":   runtime.GOOS + "/" + runtime.GOARCH,
		"cpus": fmt.Sprint(runtime.NumCPU()),
		"cpu":  "unknown CPU",
		"cc":   *flagCC,
	}
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				h["cpu"] = strings.TrimSpace(v)
				break
			}
		}
	}
	if out, err := exec.Command(*flagCC, "--version").Output(); err == nil {
		h["cc"], _, _ = strings.Cut(string(out), "\n")
	}
	return h
}
