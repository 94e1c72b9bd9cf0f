// Package driver implements `memlens cc`, a drop-in replacement for gcc:
// it instruments each C input, compiles the result with the host C
// compiler and links the memlens runtime into executables. Whatever it
// does not need to change goes to the host compiler untouched.
package driver

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"

	"memlens/internal/instrument"
	"memlens/internal/rtbuild"
)

// options are the driver's own flags, --memlens-*. They are recognised on
// the command line only, not in response files (build systems write those
// for gcc).
type options struct {
	strict    bool // C the instrumenter rejects is an error, not compiled without checks
	saveTemps bool // keep the instrumented sources next to the output
	mode      instrument.Mode
	rules     string // the program's own rules file (docs/RULES.md)
}

// job is one driver run.
type job struct {
	ctx    context.Context         // cancelled by SIGINT/SIGTERM/SIGHUP, or a closed output pipe
	cancel context.CancelCauseFunc // stops the run, with a signalled cause
	cl     *commandLine
	opts   options
	cc     []string // host C compiler and its own arguments
	tmp    string   // private directory, removed at the end
	stdout io.Writer
	stderr io.Writer
	debug  bool     // MEMLENS_DEBUG=1: echo commands, show stacks
	rules  *ruleSet // --memlens-rules
	stdin  string   // the driver's standard input saved to a file, when a C unit reads it ("" if none does)
	// what memlens says of a unit while gcc diagnoses it (buildUnit)
	held bytes.Buffer
}

// Run runs `memlens cc ARGS...` (argv holds ARGS) and returns its exit
// status: the first failing compiler's, or 1 for the driver's own errors.
// Stopped by a signal (SIGINT, SIGTERM, SIGHUP, or SIGPIPE: a write to a
// closed pipe), it removes its temporary files and kills itself with the
// signal, as gcc does, instead of returning.
func Run(argv []string, stdout, stderr io.Writer) int {
	ctx, cancel, stop := notifySignals()
	j := &job{ctx: ctx, cancel: cancel, stdout: &output{w: stdout, cancel: cancel}, stderr: &output{w: stderr, cancel: cancel},
		debug: os.Getenv("MEMLENS_DEBUG") == "1"}
	err := runSafely(j, argv)
	stop()
	if sig, ok := stoppedBy(ctx); ok { // gcc says nothing more either
		dieOf(sig)
		return 128 + int(sig)
	}
	return report(err, j.stderr)
}

// runSafely is run, with a panic reported as an internal error (its
// temporary directory is removed on the way).
func runSafely(j *job, argv []string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(j.stderr, "memlens: internal error: %v\n", r)
			if j.debug {
				j.stderr.Write(debug.Stack())
			}
			err = errReported
		}
	}()
	return run(j, argv)
}

// errReported is a failure already reported on stderr: status 1.
var errReported = &statusError{cmd: "memlens", code: 1}

func run(j *job, argv []string) error {
	opts, rest, err := ourFlags(argv)
	if err != nil {
		return err
	}
	j.opts = opts
	self, _ := os.Executable() // "" is fine: then only the name detects memlens
	if j.cc, err = hostCompiler(os.Getenv, self); err != nil {
		return err
	}
	if os.Getenv(runByEnv) != "" {
		// another memlens's host compiler: compile as that one is
		return j.runCmd(slices.Concat(j.cc, rest))
	}
	// (every command, gcc's own and cc/v4's, inherits it)
	os.Setenv(runByEnv, strconv.Itoa(os.Getpid()))
	defer os.Unsetenv(runByEnv)
	expanded, err := expandResponseFiles(rest)
	if err != nil {
		return err
	}
	j.cl = parseCommandLine(expanded)
	if j.cl.passthrough {
		return j.runCmd(slices.Concat(j.cc, rest))
	}
	if err := unsupported(slices.Concat(j.cc[1:], expanded)); err != nil {
		return err
	}
	if j.tmp, err = os.MkdirTemp("", "memlens-"); err != nil {
		return err
	}
	defer removeTemp(j.tmp)
	if opts.rules != "" {
		if err := j.loadRules(opts.rules); err != nil {
			return err
		}
	}
	// A runtime that cannot go to the cache is built in j.tmp for this run.
	defer rtbuild.UsePrivate(filepath.Join(j.tmp, "runtime"), func(reason string) {
		fmt.Fprintf(j.stderr, "memlens: note: %s; using a private temporary cache\n", reason)
	})()
	return j.build()
}

// build compiles every C input, the others, and links. Like gcc, it goes
// on to the next input when one fails to compile, and links only if all
// compiled.
func (j *job) build() error {
	units := j.cUnits()
	if slices.ContainsFunc(units, func(u *unit) bool { return u.src == "-" }) {
		if err := j.saveStdin(); err != nil {
			return err
		}
	}
	if j.cl.stage == stageLink && !j.cl.noRuntime {
		prepareRuntime(strings.Join(j.cc, " ")) // (the runtime's cache key, while the units compile)
	}
	failed, err := j.buildUnits(units)
	if err != nil {
		return err
	}
	if j.cl.stage == stageLink {
		if failed != nil {
			return failed
		}
		return j.link(units)
	}
	if err := j.compileOthers(units); failed == nil {
		failed = err
	}
	return failed
}

// saveStdin saves the driver's standard input to a file, which every
// command it runs then reads as its standard input: a C unit read from "-"
// is preprocessed, diagnosed and (uninstrumented) compiled by gcc from
// "-", which names it "<stdin>" in its messages, line markers and
// __FILE__ as for the user's own command, and each of those commands reads
// the whole text.
func (j *job) saveStdin() error {
	f, err := os.Create(filepath.Join(j.tmp, "stdin"))
	if err != nil {
		return err
	}
	_, err = io.Copy(f, os.Stdin)
	if err := f.Close(); err != nil {
		return err
	}
	j.stdin = f.Name()
	return err
}

// buildUnits takes every C input to its object. It returns the first
// input's failure, in the command line's order, or the driver's own error
// (or a signal's) as err. A unit's compile, the longest step, runs while
// the next units are diagnosed and instrumented, as many compiles at once
// as there are processors, the largest unit ready first: a build of
// several files takes the time of its processors' shares of the work
// rather than the sum, for the same work, and the largest compile (Lua's
// lvm.c, late in its command line) does not run alone at the end. A
// compile's messages (the instrumented unit's only if it fails) may come
// after the next units' diagnostics.
func (j *job) buildUnits(units []*unit) (failed, err error) {
	if len(units) == 0 {
		return nil, nil
	}
	cfg := j.instrumenter()
	compiles := &compileQueue{slots: runtime.GOMAXPROCS(0), compile: j.compile}
	results := make([]func() error, 0, len(units))
	defer func() { // (on a panic too: no compile is left running)
		for _, result := range results {
			result()
		}
	}()
	for n, u := range units {
		if err := j.buildUnit(cfg, u, n); err != nil {
			results = append(results, func() error { return err })
			if j.ownFailure(err) {
				break
			}
			continue
		}
		results = append(results, compiles.add(u))
	}
	for _, result := range results {
		e := result()
		if err == nil && j.ownFailure(e) {
			err = e
		}
		if failed == nil {
			failed = e
		}
	}
	return failed, err
}

// compileQueue runs the compiles of the units added to it, slots at once,
// starting the largest unit waiting (u.size) when a slot frees.
type compileQueue struct {
	slots   int
	compile func(*unit) error
	mu      sync.Mutex
	running int
	waiting []*unitCompile
}

// unitCompile is a unit's compile, queued or started.
type unitCompile struct {
	u    *unit
	done chan error
}

// add queues u's compile and returns a function that waits for it.
func (q *compileQueue) add(u *unit) func() error {
	c := &unitCompile{u: u, done: make(chan error, 1)}
	q.mu.Lock()
	q.waiting = append(q.waiting, c)
	q.startWaiting()
	q.mu.Unlock()
	return sync.OnceValue(func() error { return <-c.done })
}

// startWaiting starts the largest waiting compiles while slots are free;
// q.mu is held.
func (q *compileQueue) startWaiting() {
	for q.running < q.slots && len(q.waiting) > 0 {
		i := 0
		for k, c := range q.waiting {
			if c.u.size > q.waiting[i].u.size {
				i = k
			}
		}
		c := q.waiting[i]
		q.waiting = slices.Delete(q.waiting, i, i+1)
		q.running++
		go func() {
			err := q.compile(c.u)
			q.mu.Lock()
			q.running--
			q.startWaiting()
			q.mu.Unlock()
			c.done <- err
		}()
	}
}

// ownFailure reports whether err is the driver's own failure, or a
// signal's, rather than a compiler's that has said why.
func (j *job) ownFailure(err error) bool {
	var status *statusError
	return err != nil && (!errors.As(err, &status) || j.stopped(j.cc[0]) != nil)
}

// unsupported rejects, with the reason, builds memlens cannot make: the
// runtime is x86_64 code that replaces malloc in a dynamically linked glibc
// program.
func unsupported(args []string) error {
	order := "" // of structs, the last -fsso-struct's
	for _, a := range args {
		switch a {
		case "-static", "-static-pie":
			return fmt.Errorf("%s is not supported: the memlens runtime replaces malloc, which a static glibc defines too; link dynamically", a)
		case "-m32", "-mx32", "-m16":
			return fmt.Errorf("%s is not supported: memlens instruments x86_64 programs only", a)
		}
		if v, ok := strings.CutPrefix(a, "-fsso-struct="); ok {
			order = v
		}
	}
	if order == "big-endian" {
		return errors.New("-fsso-struct=big-endian is not supported: the structs memlens shares with its runtime would be stored byte-swapped; declare big-endian structs with #pragma scalar_storage_order or the scalar_storage_order attribute")
	}
	return nil
}

// ourFlags takes the --memlens-* flags out of argv.
func ourFlags(argv []string) (options, []string, error) {
	var opts options
	var rest []string
	for _, a := range argv {
		switch {
		case a == "--memlens-strict":
			opts.strict = true
		case a == "--memlens-fallback": // the default; named by older build scripts
			opts.strict = false
		case a == "--memlens-save-temps":
			opts.saveTemps = true
		case a == "--memlens-full":
			opts.mode.Full = true
		case a == "--memlens-count-statements":
			opts.mode.CountStatements = true
		case a == "--memlens-graph":
			opts.mode.Graph = true
		case strings.HasPrefix(a, "--memlens-rules="):
			if opts.rules != "" {
				return opts, nil, fmt.Errorf("--memlens-rules given twice (one rules file per program)")
			}
			opts.rules = strings.TrimPrefix(a, "--memlens-rules=")
			if opts.rules == "" {
				return opts, nil, fmt.Errorf("--memlens-rules= needs a rules file")
			}
		case strings.HasPrefix(a, "--memlens-"):
			return opts, nil, fmt.Errorf("unknown option %s (known: --memlens-full, --memlens-strict, --memlens-fallback, --memlens-save-temps, --memlens-count-statements, --memlens-graph, --memlens-rules=FILE)", a)
		default:
			rest = append(rest, a)
		}
	}
	return opts, rest, nil
}

// report prints err the way the user should see it and returns the exit
// status.
func report(err error, stderr io.Writer) int {
	var status *statusError
	var parse *instrument.ParseError
	var unsupported *instrument.Error
	switch {
	case err == nil:
		return 0
	case errors.As(err, &status): // the compiler has said why
		return status.code
	case errors.As(err, &parse): // file:line:col lines, as a compiler prints them
		fmt.Fprintln(stderr, strings.TrimRight(parse.Msg, "\n"))
		return 1
	case errors.As(err, &unsupported): // file:line:col: memlens: …
		fmt.Fprintln(stderr, unsupported)
		return 1
	default:
		fmt.Fprintf(stderr, "memlens: %v\n", err)
		return 1
	}
}
