package driver

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"memlens/internal/instrument"
	"memlens/internal/rules"
)

// unit is one C input on its way to an object file.
type unit struct {
	index int    // of the input in commandLine.args
	src   string // the user's file
	lang  string // -x language in effect, "" if by extension
	dir   string // its private temporary directory
	pre   string // the compiler's preprocessed output of src
	ml    string // the instrumented unit; "" to compile src as it is
	obj   string // where the compile step writes
	// flags its instrumented unit must be compiled with (instrument.UnitFlags)
	flags []string
	size  int // bytes of what its compile step compiles, the measure of that step's work
}

// name is what gcc calls u's source in its messages, its line markers and
// __FILE__: "<stdin>" for standard input.
func (u *unit) name() string {
	if u.src == "-" {
		return "<stdin>"
	}
	return u.src
}

// instrumenter is what the driver needs of an *instrument.Config.
type instrumenter interface {
	File(path string, pre []byte) ([]byte, error)
	GCC() bool // the C compiler is gcc (diagnosticsFlags)
}

// newInstrumenter is instrument.NewConfig; tests replace it.
var newInstrumenter = func(cc, args []string, mode instrument.Mode) (instrumenter, error) {
	cfg, err := instrument.NewConfig(cc, args, mode)
	if err != nil {
		return nil, err
	}
	return cfg, nil
}

// instrumentError is a C input the instrumenter could not handle.
type instrumentError struct {
	src string
	err error
}

func (e *instrumentError) Error() string { return fmt.Sprintf("instrumenting %s: %v", e.src, e.err) }

func (e *instrumentError) Unwrap() error { return e.err }

// failedConfig stands for an instrumenter that could not be set up: every
// file fails with its error, so the fallback still applies.
type failedConfig struct{ err error }

func (f failedConfig) File(string, []byte) ([]byte, error) { return nil, f.err }

func (f failedConfig) GCC() bool { return false }

// cUnits returns the C inputs to instrument, in order.
func (j *job) cUnits() []*unit {
	var units []*unit
	for i, a := range j.cl.args {
		if a.isC() {
			units = append(units, &unit{index: i, src: a.words[0], lang: a.lang})
		}
	}
	return units
}

// instrumenter sets up the instrumenter, once per run.
func (j *job) instrumenter() instrumenter {
	mode := j.opts.mode
	mode.Warnings = &j.held
	if j.stdin != "" {
		text, err := os.ReadFile(j.stdin)
		if err != nil {
			return failedConfig{err}
		}
		mode.Stdin = string(text)
	}
	cfg, err := newInstrumenter(j.cc, j.cl.instrumentedFlags(), mode)
	if err != nil {
		return failedConfig{err}
	}
	return cfg
}

// buildUnit takes u from source to the unit its compile step compiles,
// with gcc's diagnostics: gcc compiles the user's file with the user's flags
// for its diagnostics and status alone, while the instrumented unit, made
// from gcc's own preprocessed text, is compiled with warnings off. So
// memlens prints exactly what gcc prints, under any warning flags, and the
// instrumented code never trips them.
//
// The diagnostics compile runs while memlens preprocesses and instruments
// u (two processors: a large unit's instrumenting costs no wall time);
// what memlens has to say of u meanwhile is held (j.held) until gcc has
// said its own, and dropped if gcc rejects the file.
func (j *job) buildUnit(cfg instrumenter, u *unit, n int) error {
	u.dir = filepath.Join(j.tmp, strconv.Itoa(n)) // inputs may share a base name
	if err := os.Mkdir(u.dir, 0o700); err != nil {
		return err
	}
	u.obj = j.outputOf(u)
	diagnosed := sync.OnceValue(j.startDiagnosed(slices.Concat(j.cc, j.cl.diagnosticsFlags(cfg.GCC()), langFlags(u.lang),
		[]string{"-S", u.src, "-o"}), filepath.Join(u.dir, "diagnostics.s")))
	defer diagnosed() // (gcc is not left running on an early return or a panic)
	j.held.Reset()
	preOut, preErr := j.preprocess(u)
	if preErr != nil {
		if err := diagnosed(); err != nil {
			return j.rejected(u, err) // (its messages are gcc's, which -E printed too)
		}
		j.stderr.Write(preOut)
		return preErr
	}
	pre, err := os.ReadFile(u.pre)
	if err != nil {
		return err
	}
	u.size = len(pre)
	text, instErr := j.instrumentUnit(cfg, u, pre)
	if err := diagnosed(); err != nil {
		return j.rejected(u, err)
	}
	j.stderr.Write(j.held.Bytes())
	if instErr != nil {
		if j.opts.strict {
			return &instrumentError{u.src, instErr}
		}
		fmt.Fprintf(j.stderr, "memlens: warning: %s compiled without instrumentation: %s\n", u.name(), firstLine(instErr.Error()))
		return nil
	}
	return j.writeInstrumented(u, text)
}

// rejected returns err, the diagnostics compile's failure on u. Under
// -S -o -, gcc prints what cc1 wrote before it stopped (its .file line,
// the options' comment under -fverbose-asm), and removes the file that
// compile wrote: gcc runs u as the user's command has it for that output,
// its messages (printed already) dropped.
func (j *job) rejected(u *unit, err error) error {
	if j.cl.stage == stageAssemble && u.obj == "-" && j.stopped(j.cc[0]) == nil {
		j.runWith(slices.Concat(j.cc, j.cl.words(kindFlag, kindPreinclude), langFlags(u.lang), []string{"-S", u.src, "-o", "-"}), j.stdout, io.Discard)
	}
	return err
}

// instrumentUnit returns u's instrumented text, its preprocessed text pre
// rewritten, and sets u.flags; its warnings go to j.held.
func (j *job) instrumentUnit(cfg instrumenter, u *unit, pre []byte) ([]byte, error) {
	pre, wrapped := j.wrapWatched(u, pre)
	text, err := cfg.File(u.name(), pre)
	if err != nil {
		return nil, err
	}
	text = rules.Rename(text, wrapped)
	u.flags = instrument.UnitFlags(text)
	return text, nil
}

// preprocess runs the user's preprocessing of u into u.pre, writing the
// dependency file (-MD and friends) on the way. Its messages are the
// diagnostics compile's too: it returns them, to be shown only if it alone
// fails.
func (j *job) preprocess(u *unit) ([]byte, error) {
	u.pre = j.tempName(u, ".i")
	// __MEMLENS__: headers may hold code only memlens builds (a typestate
	// header's annotations and tracking, docs/TYPESTATE.md).
	// __SANITIZE_ADDRESS__, as gcc -fsanitize=address: programs leave out
	// under it what a checker reports or hides (runtime/asan.c says what)
	cmd := slices.Concat(j.cc, []string{"-D__MEMLENS__=1", "-D__SANITIZE_ADDRESS__=1"}, quiet(j.cl.words(kindFlag, kindPreinclude)), j.cl.words(kindDep))
	if j.cl.deps && j.cl.depDefaults {
		file, target := j.cl.depNames(u.src)
		if !j.cl.depFile {
			cmd = append(cmd, "-MF", file)
		}
		if !j.cl.depTarget {
			cmd = append(cmd, "-MQ", target)
		}
	}
	argv := slices.Concat(cmd, langFlags(u.lang), []string{"-w", "-E", u.src, "-o"})
	if j.cl.deps || len(j.cl.words(kindDep)) > 0 { // (the run writes a dependency file too)
		return j.runCaptured(append(argv, u.pre))
	}
	return j.runPreprocessing(argv, u.pre)
}

// writeInstrumented writes u's instrumented unit next to its preprocessed
// text, or with --memlens-save-temps next to the user's output, and
// records it in u.ml.
func (j *job) writeInstrumented(u *unit, text []byte) error {
	dir := u.dir
	if j.opts.saveTemps {
		dir = "."
		if out := j.finalOutput(u); actualFile(out) {
			dir = filepath.Dir(out)
		}
	}
	u.ml = filepath.Join(dir, stem(u.src)+".ml.i")
	if strings.HasPrefix(u.ml, "-") { // (standard input's, kept in "."): a file, not a flag
		u.ml = "./" + u.ml
	}
	if err := os.WriteFile(u.ml, text, 0o644); err != nil {
		return err
	}
	u.size = len(text)
	if j.opts.saveTemps {
		fmt.Fprintf(j.stderr, "memlens: instrumented %s kept in %s\n", u.name(), u.ml)
	}
	return nil
}

// outputOf returns where u's compile step writes: the user's object or
// assembly file, or for a link a temporary object (kept where gcc keeps it
// under -save-temps).
func (j *job) outputOf(u *unit) string {
	if j.cl.stage != stageLink {
		return j.cl.objectName(u.src)
	}
	return j.tempName(u, ".o")
}

// tempName is where u's intermediate file with extension ext goes: u's
// private directory, or under -save-temps where gcc keeps its own.
func (j *job) tempName(u *unit, ext string) string {
	if j.cl.saveTemps == "" {
		return filepath.Join(u.dir, stem(u.src)+ext)
	}
	return j.cl.tempBase(u.src) + ext
}

// finalOutput returns the file the user asked for that u ends up in.
func (j *job) finalOutput(u *unit) string {
	if j.cl.stage != stageLink {
		return u.obj
	}
	if j.cl.output != "" {
		return j.cl.output
	}
	return "a.out"
}

// quiet drops from flags those that would turn the warnings of code the
// user did not write into errors, or print what gcc prints once already.
func quiet(flags []string) []string {
	return slices.DeleteFunc(slices.Clone(flags), func(f string) bool {
		return f == "-Werror" || strings.HasPrefix(f, "-Werror=") || f == "-pedantic-errors" ||
			f == "-Wfatal-errors" || f == "-H" || strings.HasPrefix(f, "-fanalyzer")
	})
}

// start starts argv with the driver's standard streams and returns a
// function that waits for it.
func (j *job) start(argv []string) func() error {
	done := make(chan error, 1)
	go func() { done <- j.runCmd(argv) }()
	return func() error { return <-done }
}

// runQuiet runs argv, showing what it printed only if it fails.
func (j *job) runQuiet(argv []string) error {
	out, err := j.runCaptured(argv)
	j.stderr.Write(out)
	return err
}

// runCaptured runs argv and returns what it printed if it failed (not if
// it was stopped by a signal the driver got).
func (j *job) runCaptured(argv []string) ([]byte, error) {
	var out bytes.Buffer
	err := j.runWith(argv, j.outputStream(argv, &out), &out)
	var failed *statusError
	if errors.As(err, &failed) && j.stopped(argv[0]) == nil {
		return out.Bytes(), err
	}
	return nil, err
}

// outputStream is where argv's standard output goes when its messages are
// captured in captured: the driver's own if argv writes its output file
// there (-o -), since that is the user's output.
func (j *job) outputStream(argv []string, captured io.Writer) io.Writer {
	if i := slices.Index(argv, "-o"); i >= 0 && i+1 < len(argv) && argv[i+1] == "-" {
		return j.stdout
	}
	return captured
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
