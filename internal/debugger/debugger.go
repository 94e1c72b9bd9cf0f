// Package debugger runs a program built by memlens cc under gdb so that it
// stops at each report, before the faulting access executes, in the frame
// of the faulting statement (memlens gdb).
package debugger

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"slices"
)

//go:embed stop.py
var stopScript []byte

// Usage is the command line memlens gdb takes.
const Usage = "usage: memlens gdb [gdb-args] -- PROGRAM [ARGS...]"

// Run is memlens gdb: args are gdb's arguments, then "--", the program and
// its arguments. It returns gdb's exit status.
func Run(args []string, stdout, stderr io.Writer) int {
	sep := slices.Index(args, "--")
	if sep < 0 || sep == len(args)-1 {
		fmt.Fprintln(stderr, Usage)
		return 2
	}
	gdb := os.Getenv("MEMLENS_GDB")
	if gdb == "" {
		gdb = "gdb"
	}
	path, err := exec.LookPath(gdb)
	if err != nil {
		fmt.Fprintf(stderr, "memlens gdb: %s not found (on Debian: apt-get install gdb; MEMLENS_GDB names another)\n", gdb)
		return 127
	}
	script, err := os.CreateTemp("", "memlens-gdb-*.py")
	if err != nil {
		fmt.Fprintf(stderr, "memlens gdb: %v\n", err)
		return 1
	}
	defer os.Remove(script.Name())
	if _, err := script.Write(stopScript); err != nil {
		script.Close()
		fmt.Fprintf(stderr, "memlens gdb: %v\n", err)
		return 1
	}
	if err := script.Close(); err != nil {
		fmt.Fprintf(stderr, "memlens gdb: %v\n", err)
		return 1
	}

	cmd := exec.Command(path, slices.Concat([]string{"-q", "-x", script.Name()}, args[:sep], []string{"--args"}, args[sep+1:])...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, stderr
	cmd.Env = append(os.Environ(), "MEMLENS_OPTIONS="+withBreak(os.Getenv("MEMLENS_OPTIONS")))
	// Ctrl-C is gdb's (it interrupts the program), not ours
	signal.Ignore(os.Interrupt)
	defer signal.Reset(os.Interrupt)
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return exit.ExitCode()
	default:
		fmt.Fprintf(stderr, "memlens gdb: %v\n", err)
		return 1
	}
}

// withBreak is the program's MEMLENS_OPTIONS with break=1 added (last, so
// it wins).
func withBreak(opts string) string {
	if opts == "" {
		return "break=1"
	}
	return opts + ":break=1"
}
