package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"

	"memlens/internal/atomicfile"
	"memlens/internal/htmlreport"
	"memlens/internal/report"
	"memlens/internal/sarif"
)

const reportUsage = `usage: memlens report [-format text|sarif|html] [-o FILE] run.jsonl [more.jsonl ...]

Converts the JSON Lines records of log_json into a text report (as the
program printed it), SARIF 2.1.0 or one self-contained HTML page. Source
files are read relative to the current directory: run it where the program
was built. A damaged line is named on stderr and skipped (exit status 1).
`

// runReport is `memlens report`.
func runReport(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	format := fs.String("format", "text", "")
	out := fs.String("o", "", "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, reportUsage)
			return 0
		}
		fmt.Fprintf(stderr, "memlens report: %v\n%s", err, reportUsage)
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintf(stderr, "memlens report: no input file\n%s", reportUsage)
		return 2
	}
	if *format != "text" && *format != "sarif" && *format != "html" {
		fmt.Fprintf(stderr, "memlens report: unknown format %q (text, sarif or html)\n", *format)
		return 2
	}

	status := 0
	var runs []htmlreport.Input
	var all []report.Record
	for _, name := range fs.Args() {
		recs, err := readRecords(name, stderr)
		if err != nil {
			status = 1
		}
		runs = append(runs, htmlreport.Input{Name: name, Records: recs})
		all = append(all, recs...)
	}

	sources := report.NewSources("")
	var buf bytes.Buffer
	var err error
	switch *format {
	case "text":
		for i := range all {
			buf.WriteString(all[i].Text(sources))
		}
	case "sarif":
		root, _ := os.Getwd()
		err = sarif.Write(&buf, all, sarif.Options{Version: versionString(), DocsURL: reportsDocURL(), Root: root})
	case "html":
		err = htmlreport.Write(&buf, runs, sources)
	}
	if err == nil {
		err = writeOutput(*out, buf.Bytes(), stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "memlens report: %v\n", err)
		return 1
	}
	return status
}

// docsURL is the absolute URL of docs/REPORTS.md, set at release time
// with -ldflags "-X main.docsURL=…" (SARIF rules link to its sections).
var docsURL string

// reportsDocURL is docsURL, else the file URL of docs/REPORTS.md in the
// source tree this memlens was built from, when it is there; "" if
// neither.
func reportsDocURL() string {
	if docsURL != "" {
		return docsURL
	}
	_, self, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(self) {
		return ""
	}
	doc := filepath.Join(filepath.Dir(self), "..", "..", "docs", "REPORTS.md")
	if _, err := os.Stat(doc); err != nil {
		return ""
	}
	return "file://" + filepath.ToSlash(doc)
}

// readRecords reads the good records of one input, naming each damaged
// line on stderr; err says something was skipped.
func readRecords(name string, stderr io.Writer) ([]report.Record, error) {
	f, err := os.Open(name)
	if err != nil {
		fmt.Fprintf(stderr, "memlens report: %v\n", err)
		return nil, err
	}
	defer f.Close()
	recs, bad, err := report.ReadAll(f, name)
	for _, b := range bad {
		fmt.Fprintf(stderr, "%v (line skipped)\n", b)
	}
	if err != nil {
		fmt.Fprintf(stderr, "memlens report: %v\n", err)
		return recs, err
	}
	if len(bad) > 0 {
		return recs, fmt.Errorf("%s: %d lines skipped", name, len(bad))
	}
	return recs, nil
}

// writeOutput writes data to path, never half written, or to stdout when
// path is "".
func writeOutput(path string, data []byte, stdout io.Writer) error {
	if path == "" {
		_, err := stdout.Write(data)
		return err
	}
	return atomicfile.Write(path, data, 0o644)
}
