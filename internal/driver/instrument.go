package driver

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"memlens/internal/instrument"
)

// unit is one C input on its way to an object file.
type unit struct {
	index int    // of the input in commandLine.args
	src   string // the user's file
	lang  string // -x language in effect, "" if by extension
	ml    string // the instrumented source; "" to compile src as it is
	obj   string // where the compile step writes
	// flags it compiles with for a longjmp to run its cleanups (instrument.UnwindFlags)
	unwind []string
}

// instrumenter is what the driver needs of an *instrument.Config.
type instrumenter interface {
	File(path string) ([]byte, error)
}

// newInstrumenter is instrument.NewConfig; tests replace it.
var newInstrumenter = func(cc string, args []string, mode instrument.Mode) (instrumenter, error) {
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
// file fails with its error, so --memlens-fallback still applies.
type failedConfig struct{ err error }

func (f failedConfig) File(string) ([]byte, error) { return nil, f.err }

// instrumentAll instruments every C input and decides where each compiles
// to. Without --memlens-fallback, the first input that cannot be
// instrumented ends the run.
func (j *job) instrumentAll() ([]*unit, error) {
	var units []*unit
	for i, a := range j.cl.args {
		if a.kind == kindInput && a.words[0] == "-" && a.lang == "c" {
			fmt.Fprintln(j.stderr, "memlens: warning: standard input compiled without instrumentation")
		}
		if a.isC() {
			units = append(units, &unit{index: i, src: a.words[0], lang: a.lang})
		}
	}
	if len(units) == 0 {
		return nil, nil
	}
	cfg, err := newInstrumenter(j.cc[0], slices.Concat(j.cc[1:], j.cl.words(kindFlag, kindPreinclude)), j.opts.mode)
	if err != nil {
		cfg = failedConfig{err}
	}
	for n, u := range units {
		dir := filepath.Join(j.tmp, strconv.Itoa(n)) // inputs may share a base name
		if err := os.Mkdir(dir, 0o700); err != nil {
			return nil, err
		}
		u.obj = j.outputOf(u, dir)
		text, err := cfg.File(u.src)
		if err != nil {
			if !j.opts.fallback {
				return nil, &instrumentError{u.src, err}
			}
			fmt.Fprintf(j.stderr, "memlens: warning: %s compiled without instrumentation: %s\n", u.src, firstLine(err.Error()))
			continue
		}
		u.unwind = instrument.UnwindFlags(text)
		if err := j.writeInstrumented(u, dir, text); err != nil {
			return nil, err
		}
	}
	return units, nil
}

// writeInstrumented writes u's instrumented source into dir, or with
// --memlens-save-temps next to the user's output, and records it in u.ml.
func (j *job) writeInstrumented(u *unit, dir string, text []byte) error {
	if j.opts.saveTemps {
		dir = filepath.Dir(j.finalOutput(u))
	}
	u.ml = filepath.Join(dir, stem(u.src)+".ml.c")
	if err := os.WriteFile(u.ml, text, 0o644); err != nil {
		return err
	}
	if j.opts.saveTemps {
		fmt.Fprintf(j.stderr, "memlens: instrumented %s kept in %s\n", u.src, u.ml)
	}
	return nil
}

// outputOf returns where u's compile step writes: the user's object or
// assembly file, or for a link a temporary object in dir.
func (j *job) outputOf(u *unit, dir string) string {
	if j.cl.stage == stageLink {
		return filepath.Join(dir, stem(u.src)+".o")
	}
	return j.cl.objectName(u.src)
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

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
