package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"memlens/internal/typestate"
)

// runTypestate: memlens typestate gen LAYOUT.pck -o HEADER.h (docs/TYPESTATE.md).
func runTypestate(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "gen" {
		fmt.Fprintln(stderr, "usage: memlens typestate gen LAYOUT.pck [-o HEADER.h]   the C header of a heap layout")
		return 2
	}
	fs := flag.NewFlagSet("memlens typestate gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "the header to write (default: stdout)")
	// the layout may come before or after -o
	files, err := parseInterleaved(fs, args[1:])
	if err != nil {
		return 2
	}
	if len(files) != 1 {
		fmt.Fprintln(stderr, "usage: memlens typestate gen LAYOUT.pck [-o HEADER.h]")
		return 2
	}
	src, err := os.ReadFile(files[0])
	if err != nil {
		fmt.Fprintf(stderr, "memlens: %v\n", err)
		return 1
	}
	l, err := typestate.Parse(files[0], string(src))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	guard := typestate.Guard(files[0] + ".h")
	if *out != "" {
		guard = typestate.Guard(*out)
	}
	if err := writeOutput(*out, typestate.Header(l, guard), stdout); err != nil {
		fmt.Fprintf(stderr, "memlens: %v\n", err)
		return 1
	}
	return 0
}
