// Command memlens is a memory debugger for C. `memlens cc` replaces gcc
// (make CC="memlens cc") and builds programs that check their own memory
// accesses and report errors as they run.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"memlens/internal/bench"
	"memlens/internal/debugger"
	"memlens/internal/driver"
	"memlens/internal/inject"
	"memlens/internal/instrument"
	"memlens/internal/rtbuild"
)

// version is set at release time with -ldflags "-X main.version=v1.2.3".
var version string

// command is a subcommand: memlens NAME ARGS...
type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

// commands lists the subcommands in the order usage shows them. A function
// rather than a variable: help refers back to it.
func commands() []command {
	return []command{
		{"cc", "compile and link like gcc, instrumenting C sources", driver.Run},
		{"gdb", "run a program built by memlens cc under gdb, stopping at each report", debugger.Run},
		{"bench", "judge memlens and other checkers on annotated corpora, and measure their overhead", bench.Main},
		{"inject", "write variants of correct programs with one annotated bug each", inject.Main},
		{"report", "convert log_json records into text, SARIF or a self-contained HTML page", runReport},
		{"graph", "memory graphs of a trace (memlens cc --memlens-graph): at a moment, with their history, checked", runGraph},
		{"rules", "check rules files of bug detectors, list the built-in rules", runRules},
		{"typestate", "generate the typestate header of a heap layout (memlens typestate gen heap.pck -o heap_pck.h)", runTypestate},
		{"version", "print memlens's version", runVersion},
		{"help", "print this help", runHelp},
	}
}

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(instrument.GCPercent)
	}
	// but a large unit's (SQLite's amalgamation: 1.3 GB at GOGC=400) is
	// collected more often past this, to stay near 1 GB
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(900 << 20)
	}
	os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

// dispatch runs the subcommand args[0] and returns the exit status.
func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		for _, c := range commands() {
			if c.name == args[0] {
				return c.run(args[1:], stdout, stderr)
			}
		}
		if args[0] == "-h" || args[0] == "--help" {
			return runHelp(nil, stdout, stderr)
		}
		fmt.Fprintf(stderr, "memlens: unknown command %q\n\n", args[0])
	}
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprint(w, "usage: memlens <command> [arguments]\n\ncommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
memlens cc takes gcc's arguments (make CC="memlens cc") and its own:
  --memlens-full        full checking: uninitialized reads too (every unit of a program)
  --memlens-strict      C that gcc accepts but memlens cannot instrument is an error
                        (by default it is compiled as it is, with a warning)
  --memlens-fallback    the default: such C compiled as it is, with a warning
  --memlens-save-temps  keep each instrumented source next to the output
  --memlens-count-statements  count the statements run, so chains say how far back
                        each step happened
  --memlens-graph       trace pointer stores for memlens graph (docs/GRAPHS.md)
  --memlens-rules=FILE  the program's own bug rules besides the built-in ones (docs/RULES.md)

memlens report [-format text|sarif|html] [-o FILE] run.jsonl [more.jsonl ...] converts the
records of log_json: text as the program printed it, SARIF 2.1.0, or one HTML page.

memlens graph [-at FILE:LINE|TS] [-format dot|json|html] [-o FILE] [-check FILE] [-overflows] TRACE
shows the memory graph a program built with --memlens-graph recorded (MEMLENS_OPTIONS=graph=TRACE)
at a moment, its whole history as an HTML page, checks invariants over it, or lists the writes
that overflowed from one node into another (docs/GRAPHS.md).

memlens gdb [gdb-args] -- PROGRAM [ARGS...] runs PROGRAM under gdb with break=1: it stops
before each faulting access, in the frame of the statement, with the report printed.

environment:
  MEMLENS_CC       the C compiler memlens cc drives (default: $CC, else gcc)
  MEMLENS_CACHE    where the runtime is built and cached (default: the user cache directory)
  MEMLENS_OPTIONS  options of instrumented programs, see docs/OPTIONS.md
  MEMLENS_DEBUG=1  print the commands memlens cc runs, and stacks of internal errors
  MEMLENS_GDB      the gdb memlens gdb runs (default: gdb)
`)
}

func runHelp(_ []string, stdout, _ io.Writer) int {
	usage(stdout)
	return 0
}

func runVersion(_ []string, stdout, _ io.Writer) int {
	fmt.Fprintf(stdout, "memlens %s (runtime ABI %d)\n", versionString(), rtbuild.ABI)
	return 0
}

// versionString is the release version, else the module version `go
// install` recorded, else "devel".
func versionString() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}
