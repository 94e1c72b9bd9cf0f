package inject

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"text/tabwriter"

	"memlens/internal/instrument"
)

const usage = `usage: memlens inject [flags] FILE.c... -o DIR

Writes variants of correct programs to DIR, each with one bug injected from a
template and annotated (// want) where a checker must report it. A variant is
kept when it compiles and the program's run on its corpus input (memlens:args,
memlens:stdin) reaches the changed line. Score them with memlens bench DIR.

templates:
`

// Main is memlens inject; it returns the exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("memlens inject", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		for _, t := range Templates {
			fmt.Fprintf(stderr, "  %-16s %s: %s\n", t.Name, t.Kind, t.Doc)
		}
		fmt.Fprintln(stderr, "\nflags:")
		fs.PrintDefaults()
	}
	var names []string
	for _, t := range Templates {
		names = append(names, t.Name)
	}
	templates := fs.String("templates", strings.Join(names, ","), "comma-separated templates to apply")
	seed := fs.Uint64("seed", 1, "seed of the choice of sites when -max leaves some out")
	maxVariants := fs.Int("max", 0, "variants per program and template (0: every site)")
	out := fs.String("o", "", "directory the variants are written to (created)")
	cc := fs.String("cc", "gcc", "C compiler of the coverage and compile checks")
	// Flags may follow the files: gather both.
	var files []string
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if *out == "" || len(files) == 0 {
		fmt.Fprintln(stderr, "memlens inject: needs FILE.c... and -o DIR")
		fs.Usage()
		return 2
	}
	cfg := &Config{Seed: *seed, Max: *maxVariants, Out: *out, CC: *cc}
	for _, n := range strings.Split(*templates, ",") {
		var t *Template
		for _, tt := range Templates {
			if tt.Name == strings.TrimSpace(n) {
				t = tt
			}
		}
		if t == nil {
			fmt.Fprintf(stderr, "memlens inject: unknown template %q (known: %s)\n", n, strings.Join(names, ", "))
			return 2
		}
		cfg.Templates = append(cfg.Templates, t)
	}
	if err := os.MkdirAll(cfg.Out, 0o755); err != nil {
		fmt.Fprintf(stderr, "memlens inject: %v\n", err)
		return 1
	}
	tmp, err := os.MkdirTemp("", "memlens-inject-")
	if err != nil {
		fmt.Fprintf(stderr, "memlens inject: %v\n", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	cfg.Tmp = tmp
	parser, err := instrument.NewConfig(strings.Fields(cfg.CC), nil, instrument.Mode{})
	if err != nil {
		fmt.Fprintf(stderr, "memlens inject: %v\n", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "program\ttemplate\tsites\tnot run\tno compile\tharmless\tleft out\twritten\t\n")
	status := 0
	total := 0
	for _, f := range files {
		tallies, variants, err := Program(ctx, cfg, parser, f)
		if err != nil {
			fmt.Fprintf(stderr, "memlens inject: %v\n", err)
			status = 1
			continue
		}
		for _, t := range cfg.Templates {
			c := tallies[t.Name]
			fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t\n", f, t.Name, c.Sites, c.NotRun, c.NoCompile, c.Harmless, c.Unselected, c.Written)
		}
		for _, v := range variants {
			fmt.Fprintf(stderr, "%s: %s (%s)\n", v.Name, v.What, v.Want)
		}
		total += len(variants)
	}
	tw.Flush()
	fmt.Fprintf(stdout, "%d variants written to %s\n", total, cfg.Out)
	return status
}
