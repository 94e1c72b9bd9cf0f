package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"memlens/internal/corpus"
	"memlens/internal/graph"
	"memlens/internal/report"
)

const (
	runTimeout   = 10 * time.Second // each run of a corpus program
	buildTimeout = 5 * time.Minute  // each compile (the first memlens cc builds the runtime)
	headLines    = 40               // lines of stderr and build output shown on failure
	maxOutput    = 8 << 20          // bytes of stdout/stderr kept per run
)

// Set by TestMain.
var (
	gcc        string // path of gcc; "" if missing
	skipReason string // why the tests needing gcc are skipped
	memlens    string // path of the memlens binary built by TestMain
	buildErr   error  // building memlens failed
	buildOut   []byte // go build output
)

func TestMain(m *testing.M) {
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	var err error
	if gcc, err = exec.LookPath("gcc"); err != nil {
		gcc = ""
		skipReason = "gcc not found in PATH: skipping the end-to-end tests that compile C"
		fmt.Fprintln(os.Stderr, "e2e:", skipReason)
		return m.Run()
	}
	tmp, err := os.MkdirTemp("", "memlens-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	memlens = filepath.Join(tmp, "memlens")
	corpusBuilds.dir = filepath.Join(tmp, "builds")
	ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, goTool(), "build", "-o", memlens, "memlens/cmd/memlens")
	cmd.Dir = ".." // the module root
	buildOut, buildErr = cmd.CombinedOutput()
	if buildErr != nil {
		fmt.Fprintf(os.Stderr, "e2e: building memlens failed: %v\n%s", buildErr, buildOut)
	} else {
		warmCache(tmp)
	}
	return m.Run()
}

// warmCache builds a small program with memlens cc before the tests start,
// so that the runtime (17 s of CPU) is built into the cache once: on a
// fresh machine the parallel tests' first builds would each build their
// own copy at the same time, the first rename into place winning. A
// failure is left to the tests, which report it with their context.
func warmCache(tmp string) {
	src := filepath.Join(tmp, "warm.c")
	if os.WriteFile(src, []byte("int main(void) { return 0; }\n"), 0o644) == nil {
		build(tmp, []string{memlens, "cc", "-O1", "-g", src, "-o", filepath.Join(tmp, "warm")})
	}
}

// goTool returns the go command; go test puts its GOROOT/bin first in PATH.
func goTool() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return "go"
}

// needMemlens skips the test without gcc and fails it when memlens did not
// build.
func needMemlens(t *testing.T) {
	t.Helper()
	if gcc == "" {
		t.Skip(skipReason)
	}
	trackSourcesOnce.Do(trackSources)
	if buildErr != nil {
		t.Fatalf("building memlens (go build memlens/cmd/memlens) failed: %v\n%s", buildErr, head(buildOut))
	}
}

var gdbCalls struct {
	once sync.Once
	why  string // why gdb cannot be used, "" if it can
}

// needGdbCalls skips t unless gdb is installed and can call a function of
// the program it debugs (memlens_enable from a stop): on some machines gdb
// cannot restore the registers' extended state after such a call
// ("Couldn't write extended state status: Bad address"), whatever the
// program.
func needGdbCalls(t *testing.T) {
	t.Helper()
	needMemlens(t)
	gdbCalls.once.Do(func() {
		gdb := lookTool("gdb")
		if gdb == "" {
			gdbCalls.why = "gdb is not installed (apt-get install gdb)"
			return
		}
		dir, err := os.MkdirTemp("", "memlens-gdb-probe")
		if err != nil {
			gdbCalls.why = err.Error()
			return
		}
		defer os.RemoveAll(dir)
		src, prog := filepath.Join(dir, "probe.c"), filepath.Join(dir, "probe")
		if err := os.WriteFile(src, []byte("int one(void) { return 1; }\nint main(void) { return one() - 1; }\n"), 0o644); err != nil {
			gdbCalls.why = err.Error()
			return
		}
		if out, err := exec.Command(gcc, "-g", "-O0", "-o", prog, src).CombinedOutput(); err != nil {
			gdbCalls.why = fmt.Sprintf("gcc: %v: %s", err, out)
			return
		}
		out, _ := exec.Command(gdb, "-batch", "-nx", "-ex", "break main", "-ex", "run", "-ex", "print one()", prog).CombinedOutput()
		if text := strings.TrimSpace(string(out)); !strings.Contains(text, "$1 = 1") {
			gdbCalls.why = "gdb cannot call the debugged program's functions here (" + text[strings.LastIndex(text, "\n")+1:] + ")"
		}
	})
	if gdbCalls.why != "" {
		t.Skip(gdbCalls.why + ": memlens gdb is not tested")
	}
}

var trackSourcesOnce sync.Once

// trackSources reads the sources the memlens binary under test is built
// from. go test caches a package's result keyed by its test binary and the
// files the tests opened; the binary under test is built by go build, so
// without this a changed runtime or instrumenter would be answered from the
// cache.
func trackSources() {
	for _, dir := range []string{"cmd", "internal"} {
		filepath.WalkDir(filepath.Join("..", dir), func(path string, d os.DirEntry, err error) error {
			switch filepath.Ext(path) {
			case ".go", ".c", ".h":
				if err == nil && !d.IsDir() {
					os.ReadFile(path)
				}
			}
			return nil
		})
	}
}

// sets are the corpus's directories: programs with bugs, clean programs,
// and both again for programs with rules of their own (memlens:rules).
var sets = []string{"bugs", "clean", "rules/bugs", "rules/clean"}

func loadSet(t *testing.T, set string) []*corpus.Program {
	t.Helper()
	progs, err := corpus.LoadDir(filepath.Join("..", "testdata", set))
	if err != nil {
		t.Fatalf("loading the corpus: %v", err)
	}
	return progs
}

// TestCorpus builds and runs every corpus program natively and under memlens.
func TestCorpus(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	progs := map[string][]*corpus.Program{}
	for _, set := range sets {
		progs[set] = loadSet(t, set)
	}
	for _, set := range sets {
		t.Run(set, func(t *testing.T) {
			t.Parallel()
			for _, p := range progs[set] {
				t.Run(p.Name, func(t *testing.T) {
					t.Parallel()
					testProgram(t, set, p, "")
				})
			}
		})
	}
}

// o0Kinds are the bug programs (by name prefix) TestCorpusO0 builds at
// -O0 as well, each for a way -O0 differs: memlens's helpers stay out of
// line, so a fault lands in one (sov_, npd_, ari_, ill_); every local has a
// stack slot of its own, in declaration order, next to memlens's companions
// (sbo_); uninitialised locals hold other garbage (uir_); globals are laid
// out in another order (gbo_). The whole corpus at -O0 takes as long again
// as TestCorpus.
var o0Kinds = []string{"sov_", "npd_", "ari_", "ill_", "sbo_", "uir_", "gbo_"}

// TestCorpusO0 builds and runs those bug programs and every clean program
// at -O0 under memlens: users debug at -O0, and the same reports must come
// at the same lines, and a clean program must still behave as its native
// build, the -O1 one TestCorpus runs (a clean program's output does not
// depend on the level: a native -O0 build would only check gcc).
func TestCorpusO0(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	for _, set := range []string{"bugs", "clean"} {
		var progs []*corpus.Program
		for _, p := range loadSet(t, set) {
			if set == "clean" || slices.ContainsFunc(o0Kinds, func(k string) bool { return strings.HasPrefix(p.Name, k) }) {
				progs = append(progs, p)
			}
		}
		t.Run(set, func(t *testing.T) {
			t.Parallel()
			for _, p := range progs {
				t.Run(p.Name, func(t *testing.T) {
					t.Parallel()
					testProgram(t, set, p, "-O0")
				})
			}
		})
	}
}

// outcome is one run of a program.
type outcome struct {
	stdout, stderr []byte
	status         string // "exit status N", "killed by signal N (name)", "timed out after 10s", ...
	exit           int    // exit status; -1 if the program did not exit normally
	timedOut       bool
}

// mode is a way memlens cc builds programs.
type mode struct {
	name  string
	flags []string
	// kinds it does not check: their wants do not apply, and such a
	// report is unexpected
	unchecked map[string]bool
	// built with --memlens-graph: the run writes a memory graph trace,
	// which must read back whole when the program exits
	graph bool
}

// modes: every corpus program is built and run in each.
var modes = []mode{
	{name: corpus.ModeDetect, unchecked: map[string]bool{"UNINITIALIZED-READ": true}},
	{name: corpus.ModeFull, flags: []string{"--memlens-full"}},
}

// testProgram checks p's instrumented build in every mode against p's
// wants, or, for a clean program, against its native run; opt, if not "",
// is the instrumented builds' optimisation level instead of -O1. The
// native reference is always the -O1 build, made and run once a run
// (nativeRun): a clean program's output does not depend on the level, so
// TestCorpusO0's instrumented -O0 runs are compared with the run
// TestCorpus's are. At the usual level, the instrumented units are compiled
// with -Wall -Wextra too: each warning must be one gcc gives the program
// itself.
func testProgram(t *testing.T, set string, p *corpus.Program, opt string) {
	bug := strings.HasSuffix(set, "bugs")
	switch {
	case bug && len(p.Wants) == 0:
		t.Fatalf("%s: a program in testdata/bugs needs at least one want annotation", p.Path)
	case !bug && len(p.Wants) > 0:
		t.Fatalf("%s: a program in testdata/clean must not have want annotations (has %v)", p.Path, p.Wants)
	}

	work := t.TempDir()
	src := filepath.Join(work, "src")
	if err := os.Mkdir(src, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := copyProgram(p, src); err != nil {
		t.Fatal(err)
	}
	// A bug program's native run only explains a failure, and memlens cc
	// compiles the program with gcc as well (its diagnostics): it is built
	// and run when a mode fails. A clean program's is the reference.
	native := sync.OnceValue(func() outcome {
		o, err := nativeRun(t, p, src, filepath.Join(work, "native"))
		if err != nil {
			return outcome{exit: -1, status: fmt.Sprintf("native build failed: the corpus program %s is broken: %v", p.Path, err)}
		}
		return o
	})
	if !bug && native().exit != p.Exit {
		t.Fatalf("native run: %s, but the program says memlens:exit %d (the corpus program %s is wrong or nondeterministic)", native().status, p.Exit, p.Path)
	}
	var own func() map[string]bool // (read only if a unit warns: seldom)
	if opt == "" {
		own = sync.OnceValue(func() map[string]bool { return nativeWarnings(p, src) })
	}
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) { testMode(t, set, withOpt(p, opt), m, src, native, own) })
	}
}

// withOpt is p built at optimisation level opt ("": as usual).
func withOpt(p *corpus.Program, opt string) *corpus.Program {
	if opt == "" {
		return p
	}
	q := *p
	q.CFlags = append(slices.Clip(p.CFlags), opt) // (after ccArgs's -O1)
	return &q
}

// copyProgram copies every file corpus program p needs into dir.
func copyProgram(p *corpus.Program, dir string) error {
	for _, f := range p.Files() {
		data, err := os.ReadFile(filepath.Join(p.Dir, f))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o666); err != nil {
			return err
		}
	}
	return nil
}

// ccArgs are the compiler arguments building p into out.
func ccArgs(p *corpus.Program, out string) []string {
	a := append([]string{"-O1", "-g"}, p.CFlags...)
	a = append(append(a, p.Sources...), p.Libs...)
	return append(a, "-o", out)
}

// testMode builds p with memlens in mode m, runs it in src (p's files)
// and compares with what p wants and with its native run; unless own
// (gcc's warnings on p) is nil, it compares the instrumented units'
// warnings with own.
func testMode(t *testing.T, set string, p *corpus.Program, m mode, src string, native func() outcome, own func() map[string]bool) {
	bug := strings.HasSuffix(set, "bugs")
	want := *p
	want.Wants = nil
	for _, w := range p.Wants {
		if !m.unchecked[w.Kind] && (w.Mode == "" || w.Mode == m.name) {
			want.Wants = append(want.Wants, w)
		}
	}
	work := t.TempDir()
	instExe := filepath.Join(work, "inst")
	built, err := corpusBuild(t, p, slices.Concat([]string{memlens, "cc"}, m.flags), instExe)
	if err != nil {
		t.Fatalf("memlens cc failed on %s: %v\n$ %s\n%s", p.Path, err, built.command(), head(built.out))
	}
	var problems []string
	if own != nil {
		problems = instrumentedWarnings(p, built.dir, own)
	}

	logPath := filepath.Join(work, "log.jsonl")
	opts := "log_json=" + logPath
	if o := p.OptionString(); o != "" {
		opts += ":" + o
	}
	trace := filepath.Join(work, "trace.mgt")
	if m.graph {
		opts += ":graph=" + trace
	}
	inst := execute(src, instExe, p, opts)
	recs, logErr := report.ReadFile(logPath)
	if m.graph && inst.exit >= 0 {
		if _, err := graph.ReadFile(trace); err != nil {
			problems = append(problems, "reading the memory graph trace: "+err.Error())
		}
	}

	if logErr != nil {
		problems = append(problems, "reading the JSON log: "+logErr.Error())
	}
	if inst.timedOut {
		problems = append(problems, fmt.Sprintf("the instrumented run timed out after %v", runTimeout))
	}
	if len(recs) > 0 {
		problems = append(problems, convertRecords(recs)...)
	}
	if d := textDiff(recs, src, inst.stderr); d != "" {
		problems = append(problems, "memlens report's text differs from the run's: "+d)
	}
	missing, unexpected := want.Match(recs)
	if bug {
		for _, k := range wantedKinds(&want) {
			if !bytes.Contains(inst.stderr, []byte("SUMMARY: memlens: "+k)) {
				problems = append(problems, fmt.Sprintf("instrumented stderr lacks %q", "SUMMARY: memlens: "+k))
			}
		}
	} else {
		native := native()
		if inst.status != native.status {
			problems = append(problems, fmt.Sprintf("status differs: instrumented %s, native %s", inst.status, native.status))
		}
		if d := firstDiff(native.stdout, inst.stdout); d != "" {
			problems = append(problems, "stdout differs from the native run: "+d)
		}
		if d := firstDiff(native.stderr, inst.stderr); d != "" {
			problems = append(problems, "stderr differs from the native run: "+d)
		}
	}
	if len(problems) == 0 && len(missing) == 0 && len(unexpected) == 0 {
		return
	}

	var b strings.Builder
	fmt.Fprintf(&b, "%s program %s failed in %s mode (rerun: go test ./e2e -run '%s')\n", strings.TrimSuffix(set, "s"), p.Path, m.name, t.Name())
	if len(missing) > 0 {
		fmt.Fprintf(&b, "missing wants (no record with this kind, file and line):\n")
		for _, w := range missing {
			fmt.Fprintf(&b, "  %s\n", w)
		}
	}
	if len(unexpected) > 0 {
		fmt.Fprintf(&b, "unexpected records:\n")
		for i := range unexpected {
			fmt.Fprintf(&b, "  %s\n", unexpected[i].String())
		}
	}
	for _, pr := range problems {
		fmt.Fprintf(&b, "%s\n", pr)
	}
	if bug {
		fmt.Fprintf(&b, "wanted:")
		for _, w := range want.Wants {
			fmt.Fprintf(&b, " [%s]", w)
		}
		fmt.Fprintf(&b, "\nrecords (%d):\n", len(recs))
		for i := range recs {
			fmt.Fprintf(&b, "  %s\n", recs[i].String())
		}
	}
	fmt.Fprintf(&b, "native run: %s; instrumented run: %s\n", native().status, inst.status)
	fmt.Fprintf(&b, "$ cd %s && MEMLENS_OPTIONS=%s %s%s < %s\n", src, opts, instExe, argString(p.Args), stdinName(p))
	fmt.Fprintf(&b, "instrumented stderr:\n%s", head(inst.stderr))
	fmt.Fprintf(&b, "memlens cc output:\n$ %s\n%s", built.command(), head(built.out))
	t.Error(b.String())
}

// wantedKinds returns the distinct kinds of p's wants, sorted (not an
// after want's: its follow-on report may not come).
func wantedKinds(p *corpus.Program) []string {
	seen := map[string]bool{}
	var ks []string
	for _, w := range p.Wants {
		if !seen[w.Kind] && w.Role != corpus.RoleAfter {
			seen[w.Kind] = true
			ks = append(ks, w.Kind)
		}
	}
	sort.Strings(ks)
	return ks
}

func argString(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return " " + strings.Join(args, " ")
}

func stdinName(p *corpus.Program) string {
	if p.Stdin == "" {
		return os.DevNull
	}
	return p.Stdin
}

// build runs a compiler command in dir and returns its combined output.
func build(dir string, argv []string) ([]byte, error) { return buildInEnv(dir, argv, nil) }

// buildInEnv is build with env added to the environment.
func buildInEnv(dir string, argv, env []string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		err = fmt.Errorf("timed out after %v", buildTimeout)
	}
	return out, err
}

// execute runs exe for program p in dir with MEMLENS_OPTIONS=opts.
func execute(dir, exe string, p *corpus.Program, opts string) outcome {
	var o outcome
	stdin := os.DevNull
	if p.Stdin != "" {
		stdin = filepath.Join(dir, p.Stdin)
	}
	in, err := os.Open(stdin)
	if err != nil {
		o.status, o.exit = "cannot open stdin: "+err.Error(), -1
		return o
	}
	defer in.Close()

	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, p.Args...)
	cmd.Dir = dir
	cmd.Stdin = in
	var stdout, stderr capped
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Env = append(environ(), "MEMLENS_OPTIONS="+opts)
	cmd.WaitDelay = 2 * time.Second
	err = cmd.Run()
	o.stdout, o.stderr = stdout.b.Bytes(), stderr.b.Bytes()
	o.exit = -1
	switch {
	case ctx.Err() != nil:
		o.timedOut = true
		o.status = fmt.Sprintf("timed out after %v", runTimeout)
	case cmd.ProcessState != nil:
		ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
		if ws.Signaled() {
			o.status = fmt.Sprintf("killed by signal %d (%v)", int(ws.Signal()), ws.Signal())
		} else {
			o.exit = cmd.ProcessState.ExitCode()
			o.status = fmt.Sprintf("exit status %d", o.exit)
		}
	default:
		o.status = "failed to run: " + err.Error()
	}
	return o
}

// environ is the test's environment without MEMLENS_OPTIONS.
func environ() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "MEMLENS_OPTIONS=") {
			env = append(env, kv)
		}
	}
	return env
}

// capped is a writer keeping the first maxOutput bytes.
type capped struct{ b bytes.Buffer }

func (c *capped) Write(p []byte) (int, error) {
	if room := maxOutput - c.b.Len(); room > 0 {
		c.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// head returns the first headLines lines of b, indented.
func head(b []byte) string {
	if len(bytes.TrimSpace(b)) == 0 {
		return "  (empty)\n"
	}
	lines := strings.SplitAfter(string(b), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var s strings.Builder
	for i, l := range lines {
		if i == headLines {
			fmt.Fprintf(&s, "  ... (%d more lines)\n", len(lines)-headLines)
			break
		}
		s.WriteString("  " + strings.TrimSuffix(l, "\n") + "\n")
	}
	return s.String()
}

// firstDiff describes the first difference between want and got, or "".
func firstDiff(want, got []byte) string {
	if bytes.Equal(want, got) {
		return ""
	}
	wl := strings.SplitAfter(string(want), "\n")
	gl := strings.SplitAfter(string(got), "\n")
	for i := 0; ; i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("first difference at line %d (native %d bytes, instrumented %d bytes):\n  native:       %s\n  instrumented: %s",
				i+1, len(want), len(got), clip(w), clip(g))
		}
	}
}

func clip(s string) string {
	if s == "" {
		return "(end of output)"
	}
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return fmt.Sprintf("%q", s)
}

// TestCorpusAnnotations checks the corpus itself, without compiling it: every
// program loads, bug programs want something, clean programs nothing, and a
// bug program's name starts with the abbreviation of a kind it wants.
func TestCorpusAnnotations(t *testing.T) {
	prefixes := map[string]string{
		"hbo":  "HEAP-BUFFER-OVERFLOW",
		"dpd":  "DANGLING-POINTER-DEREF",
		"df":   "DOUBLE-FREE",
		"uf":   "UNMATCHED-FREE",
		"npd":  "NULL-POINTER-DEREF",
		"sbo":  "STACK-BUFFER-OVERFLOW",
		"gbo":  "GLOBAL-BUFFER-OVERFLOW",
		"ioo":  "INTRA-OBJECT-OVERFLOW",
		"uar":  "USE-AFTER-RETURN",
		"uas":  "USE-AFTER-SCOPE",
		"inv":  "INVALID-DEREF",
		"uir":  "UNINITIALIZED-READ",
		"row":  "READ-ONLY-WRITE",
		"loss": "MEMORY-LEAK",
		"leak": "MEMORY-LEAK",
		"sov":  "STACK-OVERFLOW",
		"ari":  "ARITHMETIC-ERROR",
		"ill":  "ILLEGAL-INSTRUCTION",
		"ts":   "TYPESTATE-VIOLATION",
	}
	bugs, clean := loadSet(t, "bugs"), loadSet(t, "clean")
	if len(bugs) < 45 || len(clean) < 20 {
		t.Errorf("the corpus shrank: %d bug programs (want >= 45), %d clean programs (want >= 20)", len(bugs), len(clean))
	}
	for _, p := range bugs {
		if len(p.Wants) == 0 {
			t.Errorf("%s: bug program without a want annotation", p.Path)
			continue
		}
		pre, _, _ := strings.Cut(p.Name, "_")
		kind, ok := prefixes[pre]
		if !ok {
			var known []string
			for k := range prefixes {
				known = append(known, k+"_")
			}
			sort.Strings(known)
			t.Errorf("%s: name should start with one of %s (the kind it demonstrates)", p.Path, strings.Join(known, ", "))
			continue
		}
		found := false
		for _, w := range p.Wants {
			found = found || w.Kind == kind
		}
		if !found {
			t.Errorf("%s: named %s_ but wants no %s (wants %v)", p.Path, pre, kind, p.Wants)
		}
	}
	for _, p := range clean {
		if len(p.Wants) > 0 {
			t.Errorf("%s: clean program with want annotations %v", p.Path, p.Wants)
		}
	}
	// programs with rules of their own: a bug program wants a rule of its
	// rules file (a kind memlens does not report without them)
	for _, set := range []string{"rules/bugs", "rules/clean"} {
		for _, p := range loadSet(t, set) {
			if p.Rules == "" {
				t.Errorf("%s: a program of testdata/%s needs memlens:rules", p.Path, set)
			}
			own := false
			for _, w := range p.Wants {
				own = own || !slices.Contains(corpus.Kinds, w.Kind)
			}
			if (set == "rules/bugs") != own {
				t.Errorf("%s: a program of testdata/%s wants %v", p.Path, set, p.Wants)
			}
		}
	}
}

// TestAnnotationFormatEnforced checks that a malformed annotation stops the
// corpus from loading with the file and line at fault.
func TestAnnotationFormatEnforced(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "hbo_typo.c")
	src := "#include <stdlib.h>\n\nint main(void)\n{\n" +
		"\tchar *p = malloc(4);\n" +
		"\tp[4] = 1; // want HEAP-BUFER-OVERFLOW\n" +
		"\tfree(p);\n\treturn 0;\n}\n"
	if err := os.WriteFile(bad, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, load := range []func() error{
		func() error { _, err := corpus.Load(bad); return err },
		func() error { _, err := corpus.LoadDir(dir); return err },
	} {
		err := load()
		if err == nil {
			t.Fatal("a program with a misspelt kind loaded")
		}
		if !strings.HasPrefix(err.Error(), bad+":6: ") || !strings.Contains(err.Error(), `"HEAP-BUFER-OVERFLOW"`) ||
			!strings.Contains(err.Error(), "HEAP-BUFFER-OVERFLOW") {
			t.Errorf("error %q should start with %s:6: and name the bad kind and the expected ones", err, bad)
		}
	}

	// An unknown directive is refused the same way.
	bad2 := filepath.Join(dir, "clean_typo.c")
	if err := os.WriteFile(bad2, []byte("/* memlens:stdn input.txt */\nint main(void) { return 0; }\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if _, err := corpus.Load(bad2); err == nil || !strings.HasPrefix(err.Error(), bad2+":1: ") {
		t.Errorf("unknown directive: err = %v", err)
	}
}
