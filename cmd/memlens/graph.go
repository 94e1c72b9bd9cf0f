package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"memlens/internal/graph"
)

// runGraph is memlens graph: the memory graph of a trace at a moment, as
// DOT, JSON or an HTML page with its whole history, or the check of
// invariants over its history (exit 1 when one is broken).
func runGraph(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("memlens graph", flag.ContinueOnError)
	fs.SetOutput(stderr)
	at := fs.String("at", "", "the moment: a timestamp, or FILE:LINE (right after the last run of that statement); default: the end")
	format := fs.String("format", "dot", "dot, json or html (html: the whole history, with a time slider)")
	out := fs.String("o", "", "write the output to this file (default: stdout)")
	check := fs.String("check", "", "check the invariants of this file over the whole history")
	overflows := fs.Bool("overflows", false, "list the writes at an address computed from one node that landed in another (exit 1 if any)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: memlens graph [-at FILE:LINE|TS] [-format dot|json|html] [-o FILE] [-check INVARIANTS] [-overflows] TRACE")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "memlens graph: %v\n", err)
		return 1
	}
	tr, err := graph.ReadFile(fs.Arg(0))
	if err != nil {
		return fail(err)
	}
	g := graph.Build(tr)
	if *check != "" {
		return checkInvariants(g, *check, stdout, stderr)
	}
	if *overflows {
		ms := g.At(g.Events()).Merges
		for _, m := range ms {
			fmt.Fprintln(stdout, g.Overflow(m))
		}
		if len(ms) > 0 {
			return 1
		}
		return 0
	}
	ts := g.Events()
	if *at != "" {
		if ts, err = moment(g, *at); err != nil {
			return fail(err)
		}
	}
	var buf bytes.Buffer
	switch *format {
	case "dot":
		err = graph.WriteDOT(&buf, g.At(ts))
	case "json":
		err = graph.WriteJSON(&buf, g.At(ts))
	case "html":
		err = graph.WriteHTML(&buf, g, ts)
	default:
		fmt.Fprintf(stderr, "memlens graph: unknown format %q (dot, json or html)\n", *format)
		return 2
	}
	if err == nil {
		err = writeOutput(*out, buf.Bytes(), stdout)
	}
	if err != nil {
		return fail(err)
	}
	return 0
}

// moment reads -at: a timestamp or FILE:LINE.
func moment(g *graph.Graph, at string) (int64, error) {
	if ts, err := strconv.ParseInt(at, 10, 64); err == nil {
		if ts < 0 || ts > g.Events() {
			return 0, fmt.Errorf("-at %d: the trace's timestamps run from 0 to %d", ts, g.Events())
		}
		return ts, nil
	}
	i := strings.LastIndexByte(at, ':')
	line, err := strconv.Atoi(at[i+1:])
	if i <= 0 || err != nil {
		return 0, fmt.Errorf("-at %s: expected a timestamp or FILE:LINE", at)
	}
	ts := g.StatementTS(at[:i], line)
	if ts == 0 {
		return 0, fmt.Errorf("-at %s: no allocation, free or pointer store of that statement is in the trace", at)
	}
	return ts, nil
}

func checkInvariants(g *graph.Graph, path string, stdout, stderr io.Writer) int {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(stderr, "memlens graph: %v\n", err)
		return 2
	}
	defer f.Close()
	invs, err := graph.ParseInvariants(path, f)
	var broken []graph.Violation
	if err == nil {
		broken, err = g.Check(path, invs)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	for _, v := range broken {
		fmt.Fprintln(stdout, v)
	}
	if len(broken) > 0 {
		return 1
	}
	return 0
}
