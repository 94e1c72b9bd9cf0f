package bench

import (
	"bytes"
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"memlens/internal/corpus"
	"memlens/internal/verdict"
)

func TestJudgeBug(t *testing.T) {
	files := map[string]bool{"p.c": true}
	bugs := []corpus.Want{{Kind: "DOUBLE-FREE", File: "p.c", Line: 12}, {Kind: "MEMORY-LEAK", File: "p.c", Line: 5, Role: corpus.RoleAlloc}}
	frames := func(lines ...int) []verdict.Frame {
		out := []verdict.Frame{{Function: "free", File: "../asan_malloc_linux.cpp", Line: 52}}
		for _, l := range lines {
			out = append(out, verdict.Frame{Function: "f", File: "/src/p.c", Line: l})
		}
		return out
	}
	cases := []struct {
		name                  string
		findings              []verdict.Finding
		reported, local, kind bool
	}{
		{"none", nil, false, false, false},
		{"right line and kind", []verdict.Finding{{Kind: "DOUBLE-FREE", Stack: frames(12, 30)}}, true, true, true},
		{"right line, other kind", []verdict.Finding{{Kind: "UNMATCHED-FREE", Stack: frames(12)}}, true, true, false},
		{"only an outer frame", []verdict.Finding{{Kind: "DOUBLE-FREE", Stack: frames(30, 12)}}, true, false, false},
		{"leak at its allocation", []verdict.Finding{{Kind: "MEMORY-LEAK", Stack: frames(5), Alloc: frames(5)}}, true, true, true},
		{"leak elsewhere", []verdict.Finding{{Kind: "MEMORY-LEAK", Stack: frames(6), Alloc: frames(6)}}, true, false, false},
	}
	for _, c := range cases {
		o := &Outcome{Findings: c.findings}
		judgeBug(o, bugs, files)
		if o.Reported != c.reported || o.Localised != c.local || o.RightKind != c.kind {
			t.Errorf("%s: reported %v localised %v right kind %v, want %v %v %v",
				c.name, o.Reported, o.Localised, o.RightKind, c.reported, c.local, c.kind)
		}
	}
}

func TestJudgeClean(t *testing.T) {
	native := &Outcome{Status: "ok", stdout: []byte("ok\n")}
	cases := []struct {
		o       Outcome
		differs string
	}{
		{Outcome{Status: "ok", stdout: []byte("ok\n")}, ""},
		{Outcome{Status: "ok", stdout: []byte("ko\n")}, "stdout differs"},
		{Outcome{Status: "ok", stdout: []byte("ok\n"), Exit: 23}, "exit status 23, native exit status 0"},
		{Outcome{Status: "ok", stdout: []byte("ok\n"), Exit: -1, Signal: "segmentation fault"}, "killed by segmentation fault, native exit status 0"},
	}
	for _, c := range cases {
		o := c.o
		judgeClean(&o, native)
		if o.Differs != c.differs {
			t.Errorf("%+v: differs %q, want %q", c.o, o.Differs, c.differs)
		}
	}
}

func TestSummariseAndPrint(t *testing.T) {
	tools := []*tool{{name: "native"}, {name: "asan", build: func(*Program, []string, string) []string { return nil }}, {name: "valgrind", from: "native"}}
	res := &Result{Tools: []string{"native", "asan", "valgrind"}, References: map[string]string{"asan": "native", "valgrind": "native"},
		N: 3, Metric: "cpu", Programs: []*Program{
			{Name: "bugs/a", Class: "bug", Kind: "DOUBLE-FREE", Tools: map[string]*Outcome{
				"native": {Status: "ok"}, "asan": {Status: "ok", Reported: true, Localised: true, RightKind: true,
					Findings: []verdict.Finding{{Kind: "DOUBLE-FREE"}}}, "valgrind": {Status: "ok"}}},
			{Name: "bugs/b", Class: "bug", Kind: "MEMORY-LEAK", Tools: map[string]*Outcome{
				"native": {Status: "ok"}, "asan": {Status: "ok"}, "valgrind": {Status: "ok"}}},
			{Name: "clean/c", Class: "clean", Bench: true, prog: &corpus.Program{Sources: []string{"c.c"}}, Tools: map[string]*Outcome{
				"native":   {Status: "ok", Overhead: &Overhead{Run: 1, Compile: 0.5, RSSKB: 1000}},
				"asan":     {Status: "ok", Overhead: &Overhead{Run: 2, Compile: 1, RSSKB: 3000}},
				"valgrind": {Status: "ok", Reported: true, Findings: []verdict.Finding{{Kind: "MEMORY-LEAK", Tool: "Leak_DefinitelyLost", Stack: []verdict.Frame{{Function: "malloc"}, {File: "/src/c.c", Line: 3}}}}, Overhead: &Overhead{Run: 20, RSSKB: 2000}}}},
		}}
	res.Summary = summarise(res, tools)
	s := res.Summary
	if got := s.Detection["asan"][All]; got.Programs != 2 || got.Reported != 1 || got.Localised != 1 {
		t.Errorf("asan, all kinds: %+v", got)
	}
	if got := s.Detection["valgrind"]["MEMORY-LEAK"]; got.Programs != 1 || got.Reported != 0 {
		t.Errorf("valgrind, leaks: %+v", got)
	}
	if s.Undetected != 1 || s.Clean["valgrind"].Reported != 1 || s.Clean["asan"].Reported != 0 {
		t.Errorf("undetected %d, clean %+v %+v", s.Undetected, s.Clean["valgrind"], s.Clean["asan"])
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	if r := s.Overhead["asan"]; r == nil || !near(r.Run, 2) || !near(r.RSS, 3) || !near(r.Compile, 2) {
		t.Errorf("asan overhead %+v", r)
	}
	if r := s.Overhead["valgrind"]; r == nil || !near(r.Run, 20) || r.Compile != 0 {
		t.Errorf("valgrind overhead %+v", r)
	}
	if s.Kinds[0] != "DOUBLE-FREE" || s.Kinds[len(s.Kinds)-1] != All {
		t.Errorf("kinds %v", s.Kinds)
	}
	var out bytes.Buffer
	Print(&out, res)
	for _, want := range []string{"DOUBLE-FREE", "1 (1)", "detected by no tool: 1",
		"false positive: valgrind: clean/c: Leak_DefinitelyLost at c.c:3", "2.00×", "20.00×", "CPU time"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the tables lack %q:\n%s", want, out.String())
		}
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	set := filepath.Join(dir, "set")
	if err := os.MkdirAll(set, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(set, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("bug.c", "int main(void) { return 0; } // want DOUBLE-FREE\n")
	write("fast.c", "/* memlens:bench */\nint main(void) { return 0; }\n")
	progs, err := Load([]string{set})
	if err != nil {
		t.Fatal(err)
	}
	if len(progs) != 2 || progs[0].Name != "set/bug" || progs[0].Class != "bug" || progs[0].Kind != "DOUBLE-FREE" ||
		progs[1].Name != "set/fast" || progs[1].Class != "clean" || !progs[1].Bench {
		t.Fatalf("loaded %+v %+v", progs[0], progs[1])
	}
	if _, err := Load([]string{set, filepath.Join(set, "bug.c")}); err == nil || !strings.Contains(err.Error(), "is also") {
		t.Errorf("a program given twice: %v", err)
	}
}

// The helper measures the program alone: a process Go starts directly
// reports, in its peak resident set, the Go process's (here grown to
// 200 MiB first).
func TestPeakRSS(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not found: the helper is C")
	}
	dir := t.TempDir()
	helper, err := buildPeakRSS("gcc", dir)
	if err != nil {
		t.Fatal(err)
	}
	ballast := make([]byte, 200<<20)
	for i := range ballast {
		ballast[i] = 1
	}
	rss := filepath.Join(dir, "rss")
	p := execute(context.Background(), []string{helper, rss, "sh", "-c", "exit 3"}, os.Environ(), dir, "", time.Minute, true)
	if p.exit != 3 {
		t.Errorf("exit %d (%s), want the command's 3", p.exit, p.status())
	}
	data, err := os.ReadFile(rss)
	kb, _ := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	if err != nil || kb <= 0 || kb > 50<<10 {
		t.Errorf("peak RSS %d KiB (%v), want a shell's few MiB", kb, err)
	}
	if direct := execute(context.Background(), []string{"sh", "-c", "exit 0"}, nil, dir, "", time.Minute, true); direct.maxRSSKB < 150<<10 {
		t.Logf("started by Go directly: %d KiB (the inheritance this helper avoids did not show)", direct.maxRSSKB)
	}
	runtime.KeepAlive(ballast)
}

// The pairs of checkers issue 20 compares: memlens against ASan and full
// checking against Valgrind, program by program, with the worst program.
func TestVersus(t *testing.T) {
	ov := func(run float64, rss, compileRSS int64, compile float64) *Overhead {
		return &Overhead{Run: run, RSSKB: rss, Compile: compile, CompileRSSKB: compileRSS}
	}
	tools := []*tool{{name: "native"}, {name: "memlens", build: func(*Program, []string, string) []string { return nil }},
		{name: "asan", build: func(*Program, []string, string) []string { return nil }}, {name: "valgrind", from: "native"},
		{name: "memlens-full", build: func(*Program, []string, string) []string { return nil }}}
	res := &Result{Tools: []string{"native", "memlens", "asan", "valgrind", "memlens-full"}, N: 1, Metric: "wall",
		References: map[string]string{"memlens": "native", "asan": "native", "valgrind": "native", "memlens-full": "native"},
		Programs: []*Program{
			{Name: "p/a", Class: "clean", Bench: true, Tools: map[string]*Outcome{
				"native": {Status: "ok", Overhead: ov(1, 1000, 100_000, 1)}, "memlens": {Status: "ok", Overhead: ov(4, 4000, 300_000, 3)},
				"asan": {Status: "ok", Overhead: ov(2, 2000, 150_000, 1.5)}, "valgrind": {Status: "ok", Overhead: ov(20, 3000, 0, 0)},
				"memlens-full": {Status: "ok", Overhead: ov(8, 6000, 600_000, 6)}}},
			{Name: "p/b", Class: "clean", Bench: true, Tools: map[string]*Outcome{
				"native": {Status: "ok", Overhead: ov(1, 1000, 100_000, 1)}, "memlens": {Status: "ok", Overhead: ov(8, 1000, 300_000, 3)},
				"asan": {Status: "ok", Overhead: ov(2, 2000, 150_000, 1.5)}, "valgrind": {Status: "ok", Overhead: ov(10, 3000, 0, 0)},
				"memlens-full": {Status: "ok", Overhead: ov(10, 6000, 600_000, 6)}}},
		}}
	res.Summary = summarise(res, tools)
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	if r := res.Summary.Overhead["memlens"]; r == nil || !near(r.CompileRSS, 3) || !near(r.Compile, 3) {
		t.Errorf("memlens against native: %+v", r)
	}
	if len(res.Summary.Versus) != 2 {
		t.Fatalf("versus: %+v", res.Summary.Versus)
	}
	m, f := res.Summary.Versus[0], res.Summary.Versus[1]
	// memlens/asan: run 2× and 4× (geomean √8), memory 2× and 0.5×.
	if m.Tool != "memlens" || m.Against != "asan" || !near(m.Run, math.Sqrt(8)) || !near(m.RSS, 1) ||
		!near(m.Compile, 2) || !near(m.CompileRSS, 2) || !near(m.WorstRun, 4) || m.Worst != "p/b" || m.Programs != 2 {
		t.Errorf("memlens against asan: %+v", m)
	}
	// Valgrind has no build of its own: no compile ratio.
	if f.Tool != "memlens-full" || f.Against != "valgrind" || !near(f.Run, math.Sqrt(0.4)) || f.Compile != 0 ||
		f.CompileRSS != 0 || !near(f.WorstRun, 1) || f.Worst != "p/b" {
		t.Errorf("memlens-full against valgrind: %+v", f)
	}
	var out bytes.Buffer
	Print(&out, res)
	for _, want := range []string{"Compile memory", "memlens/asan time", "memlens-full/valgrind time", "2.83×", "4.00× p/b", "0.63×", "293 3.00×"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the tables lack %q:\n%s", want, out.String())
		}
	}
}

// Typestate checking is measured against memlens's detection mode on the
// programs annotated with typestates, whose memlens build has them
// compiled out; elsewhere memlens-typestate is memlens and not compared.
func TestTypestatePair(t *testing.T) {
	var builds [][]string
	for _, name := range []string{"memlens", "memlens-full", "memlens-typestate"} {
		tl, err := newTool(name, "memlens", "gcc")
		if err != nil {
			t.Fatal(err)
		}
		for _, ts := range []bool{false, true} {
			pr := &Program{Typestate: ts, prog: &corpus.Program{Sources: []string{"a.c"}}}
			argv := tl.build(pr, []string{"-O2"}, "out")
			builds = append(builds, argv)
			if out := slices.Contains(argv, "-U__MEMLENS__"); out != (ts && name != "memlens-typestate") {
				t.Errorf("%s, typestate %v: %q", name, ts, argv)
			}
		}
	}
	ov := func(run float64) *Overhead { return &Overhead{Run: run, RSSKB: 1000, Compile: 1} }
	outcomes := func(native, memlens, typestate float64) map[string]*Outcome {
		return map[string]*Outcome{"native": {Status: "ok", Overhead: ov(native)},
			"memlens": {Status: "ok", Overhead: ov(memlens)}, "memlens-typestate": {Status: "ok", Overhead: ov(typestate)}}
	}
	build := func(*Program, []string, string) []string { return nil }
	tools := []*tool{{name: "native"}, {name: "memlens", build: build}, {name: "memlens-typestate", build: build}}
	res := &Result{Tools: []string{"native", "memlens", "memlens-typestate"}, N: 1, Metric: "wall",
		References: map[string]string{"memlens": "native", "memlens-typestate": "native"},
		Programs: []*Program{
			{Name: "p/plain", Class: "clean", Bench: true, Tools: outcomes(1, 4, 4.4)},
			{Name: "p/heap", Class: "clean", Bench: true, Typestate: true, Tools: outcomes(1, 4, 6)},
		}}
	res.Summary = summarise(res, tools)
	var v *Versus
	for _, x := range res.Summary.Versus {
		if x.Tool == "memlens-typestate" && x.Against == "memlens" {
			v = x
		}
	}
	if v == nil || v.Programs != 1 || math.Abs(v.Run-1.5) > 1e-9 || v.Worst != "p/heap" {
		t.Fatalf("memlens-typestate against memlens: %+v", v)
	}
	var out bytes.Buffer
	Print(&out, res)
	if !strings.Contains(out.String(), "memlens-typestate/memlens time") || !strings.Contains(out.String(), "1.50× p/heap") {
		t.Errorf("the tables lack the typestate pair:\n%s", out.String())
	}
}

// A program of a real-world project is built from the project's sources
// when the corpus is there, and skipped with the reason when it is not.
func TestResolveProjects(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "realworld")
	if err := os.MkdirAll(filepath.Join(root, "proj"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"a.c", "main.c"} {
		if err := os.WriteFile(filepath.Join(root, "proj", f), []byte("int x;\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	prog := func() *Program {
		return &Program{Name: "set/drive", prog: &corpus.Program{Name: "drive", Dir: dir, Sources: []string{"drive.c"},
			Libs: []string{"-lm"}, Project: "proj", ProjectSources: []string{"*.c", "!main.c"}}}
	}
	res := &Result{}
	progs := resolveProjects(root, []*Program{prog()}, res)
	if len(progs) != 1 || len(res.SkippedPrograms) != 0 {
		t.Fatalf("resolved %d programs, skipped %v", len(progs), res.SkippedPrograms)
	}
	argv := compileArgs([]string{"gcc"}, progs[0], []string{"-O2"}, "out")
	want := []string{"gcc", "-O2", "-I" + filepath.Join(root, "proj"), "drive.c", filepath.Join(root, "proj", "a.c"), "-lm", "-o", "out"}
	if strings.Join(argv, " ") != strings.Join(want, " ") {
		t.Errorf("build: %q, want %q", argv, want)
	}
	if files := progs[0].files(); !files["a.c"] || !files["drive.c"] || files["main.c"] {
		t.Errorf("the program's files: %v", files)
	}
	progs = resolveProjects(filepath.Join(dir, "absent"), []*Program{prog()}, res)
	if len(progs) != 0 || !strings.Contains(res.SkippedPrograms["set/drive"], "no directory") {
		t.Errorf("without the corpus: %d programs, skipped %v", len(progs), res.SkippedPrograms)
	}
}
