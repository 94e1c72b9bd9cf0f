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
       memlens rules gen FILE.rules -o OUT.c  the C of their detectors (-builtin: the runtime's registry)
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
	case "gen":
		return rulesGen(args[1:], stderr)
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

// rulesGen writes the C generated from a rules file: a program's own rule
// set, as memlens cc --memlens-rules links it, or with -builtin the
// runtime's registry (runtime/rules_builtin.c from default.rules).
func rulesGen(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("memlens rules gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	builtin := fs.Bool("builtin", false, "generate the runtime's built-in registry")
	out := fs.String("o", "", "the C file to write (- for stdout)")
	// the file may come before the flags: memlens rules gen x.rules -o x.c
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if len(files) != 1 || *out == "" {
		fmt.Fprintln(stderr, "usage: memlens rules gen [-builtin] FILE.rules -o OUT.c")
		return 2
	}
	src, err := os.ReadFile(files[0])
	if err != nil {
		fmt.Fprintf(stderr, "memlens: %v\n", err)
		return 1
	}
	var c []byte
	if *builtin {
		var f *rules.File
		if f, err = rules.Load(files[0], src); err == nil {
			c, err = rules.GenerateBuiltin(f)
		}
	} else {
		var f *rules.File
		if f, err = rules.LoadUser(files[0], src); err == nil {
			c, _, err = rules.GenerateUser(f)
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if *out == "-" {
		_, err = os.Stdout.Write(c)
	} else {
		err = os.WriteFile(*out, c, 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "memlens: %v\n", err)
		return 1
	}
	return 0
}

// parseInterleaved parses fs's flags wherever they stand among args and
// returns the other arguments.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var files []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	return files, nil
}
