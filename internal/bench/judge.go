package bench

import (
	"bytes"
	"fmt"
	"slices"

	"memlens/internal/corpus"
	"memlens/internal/verdict"
)

// Outcome is one tool's run of one program, judged.
type Outcome struct {
	// Status: "ok" (it ran to an end: exit or signal), "built" (a plain
	// build of a bug program, not run), "unused" (a reference build a bug
	// program does not need), "build-failed",
	// "timed-out", "no-binary" (the tool whose binary it runs failed to
	// build), "error" (it could not run, or its verdict could not be read).
	Status   string            `json:"status"`
	Error    string            `json:"error,omitempty"`
	Exit     int               `json:"exit"` // -1 when killed by a signal or not run
	Signal   string            `json:"signal,omitempty"`
	Findings []verdict.Finding `json:"findings,omitempty"`
	// Reported: the tool reported an error. For a bug program it detected
	// the bug; for a clean one, a false positive.
	Reported bool `json:"reported"`
	// Localised (bug programs): a report names an annotated line (a
	// leak's allocation for an alloc: annotation); RightKind: one of those
	// is of the annotated kind too.
	Localised bool `json:"localised,omitempty"`
	RightKind bool `json:"right_kind,omitempty"`
	// Differs (clean programs): how the run's output or exit status
	// differs from the native run's, "" when it does not.
	Differs  string    `json:"differs,omitempty"`
	Overhead *Overhead `json:"overhead,omitempty"`

	stdout []byte
}

// judgeBug scores a bug program's findings against its annotations: files
// are the base names of the program's sources and headers, where a report
// must name the line.
func judgeBug(o *Outcome, bugs []corpus.Want, files map[string]bool) {
	o.Reported = len(o.Findings) > 0
	for _, f := range o.Findings {
		for _, w := range bugs {
			if names(f, w, files) {
				o.Localised = true
				o.RightKind = o.RightKind || f.Kind == w.Kind
			}
		}
	}
}

// names reports whether finding f names the line of want w: the place the
// error happened, or for an alloc: want (a leak's, say) the allocation;
// for a cause: want, any frame of its stacks or step of its chains.
func names(f verdict.Finding, w corpus.Want, files map[string]bool) bool {
	is := func(fr verdict.Frame) bool { return fr.Line == w.Line && fr.Base() == w.File }
	if w.Role == corpus.RoleCause {
		for _, stack := range append([][]verdict.Frame{f.Stack, f.Alloc}, f.Chains...) {
			if slices.ContainsFunc(stack, is) {
				return true
			}
		}
		return false
	}
	stack := f.Stack
	if w.Role == corpus.RoleAlloc {
		stack = f.Alloc
	}
	at, ok := verdict.At(stack, files)
	return ok && is(at)
}

// judgeClean compares a clean program's run with the native one.
func judgeClean(o, native *Outcome) {
	o.Reported = len(o.Findings) > 0
	switch {
	case native.Status != "ok":
		o.Differs = ""
	case !bytes.Equal(o.stdout, native.stdout):
		o.Differs = "stdout differs"
	case o.Exit != native.Exit || o.Signal != native.Signal:
		o.Differs = fmt.Sprintf("%s, native %s", endOf(o), endOf(native))
	}
}

func endOf(o *Outcome) string {
	if o.Signal != "" {
		return "killed by " + o.Signal
	}
	return fmt.Sprintf("exit status %d", o.Exit)
}
