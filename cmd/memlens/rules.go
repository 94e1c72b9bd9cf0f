package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"memlens/internal/rules"
)

// runRules is `memlens rules check|list|gen`: the rule language of bug
// detectors (docs/RULES.md).
func runRules(args []string, stdout, stderr io.Writer) int {
	usage := func() int {
		fmt.Fprint(stderr, `usage: memlens rules check FILE.rules...   check rules files (errors as gcc prints them)
       memlens rules list                  print the built-in rules (default.rules)
`)
		return 2
	}
	if len(args) == 0 {
		return usage()
	}
	switch args[0] {
	case "check":
		return rulesCheck(args[1:], stderr)
	case "list":
		if len(args) != 1 {
			return usage()
		}
		f, err := rules.Default()
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		fmt.Fprint(stdout, rules.Format(f))
		return 0
	}
	return usage()
}

// rulesCheck checks each file as the user's rules (-builtin: as the
// built-in set, whose names are the runtime's kinds).
func rulesCheck(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("memlens rules check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	builtin := fs.Bool("builtin", false, "check the file as the built-in rules (default.rules)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: memlens rules check [-builtin] FILE.rules...")
		return 2
	}
	status := 0
	for _, path := range fs.Args() {
		src, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintf(stderr, "memlens: %v\n", err)
			status = 1
			continue
		}
		load := rules.LoadUser
		if *builtin {
			load = rules.Load
		}
		if _, err := load(path, src); err != nil {
			fmt.Fprintln(stderr, err)
			status = 1
		}
	}
	return status
}
