package bench

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"memlens/internal/atomicfile"
)

const usage = `usage: memlens bench [flags] CORPUS...

Builds every program of the corpora (directories of annotated programs, or
single NAME.c files) with every tool, runs each, and prints per tool and bug
kind: detection, localisation, false positives, behaviour against the native
build, and the overhead of the programs marked memlens:bench.

flags:
`

// Main is memlens bench: it returns the exit status (0 when every program
// was judged, 1 when a native build failed or the JSON could not be
// written, 2 for bad usage).
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("memlens bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	tools := fs.String("tools", "memlens,memlens-full,asan,valgrind", "comma-separated tools: "+strings.Join(ToolNames[1:], ", ")+" (native is built as the reference; of a bug program only for valgrind)")
	jobs := fs.Int("j", runtime.NumCPU(), "programs judged at once (overhead runs are one at a time)")
	jsonFile := fs.String("json", "memlens-bench.json", "write every result to `FILE` (JSON; \"\" for none)")
	n := fs.Int("n", 5, "timed builds and runs of each benchmark (medians are shown)")
	timeout := fs.Duration("timeout", 2*time.Minute, "limit of one run")
	buildTimeout := fs.Duration("build-timeout", 10*time.Minute, "limit of one build")
	realworld := fs.String("realworld", "../shared/realworld", "the real-world corpus `DIR`, where memlens:realworld programs find their projects")
	metric := fs.String("metric", "wall", "overhead measured as `wall` clock or cpu (user+sys: steadier on a busy machine)")
	memlens := fs.String("memlens", "", "memlens binary the memlens tools build with (default: this one)")
	cc := fs.String("cc", "gcc", "C compiler of the native and asan builds")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "memlens bench: no corpus given")
		fs.Usage()
		return 2
	}
	cfg := &Config{Jobs: *jobs, N: *n, Timeout: *timeout, BuildTimeout: *buildTimeout, CPU: *metric == "cpu", CC: *cc,
		Memlens: *memlens, Realworld: *realworld}
	if *metric != "wall" && *metric != "cpu" {
		fmt.Fprintf(stderr, "memlens bench: -metric %s: expected wall or cpu\n", *metric)
		return 2
	}
	if cfg.N < 1 || cfg.Jobs < 1 {
		fmt.Fprintln(stderr, "memlens bench: -n and -j must be at least 1")
		return 2
	}
	for _, t := range strings.Split(*tools, ",") {
		t = strings.TrimSpace(t)
		if t == "" || t == "native" {
			continue
		}
		if !slices.Contains(ToolNames, t) {
			fmt.Fprintf(stderr, "memlens bench: unknown tool %q (known: %s)\n", t, strings.Join(ToolNames[1:], ", "))
			return 2
		}
		cfg.Tools = append(cfg.Tools, t)
	}
	if cfg.Memlens == "" {
		exe, err := os.Executable()
		if err != nil {
			fmt.Fprintf(stderr, "memlens bench: cannot find the memlens binary: %v\n", err)
			return 2
		}
		cfg.Memlens = exe
	} else if abs, err := filepath.Abs(cfg.Memlens); err == nil {
		cfg.Memlens = abs
	}
	progs, err := Load(fs.Args())
	if err != nil {
		fmt.Fprintf(stderr, "memlens bench: %v\n", err)
		return 2
	}
	tmp, err := os.MkdirTemp("", "memlens-bench-")
	if err != nil {
		fmt.Fprintf(stderr, "memlens bench: %v\n", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	cfg.Tmp = tmp
	if isTerminal(stderr) {
		cfg.Progress = progressBar(stderr)
	} else {
		cfg.Progress = progressLines(stderr)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := Run(ctx, cfg, progs)
	if err != nil {
		fmt.Fprintf(stderr, "memlens bench: %v\n", err)
		return 1
	}
	for name, why := range res.Skipped {
		fmt.Fprintf(stderr, "memlens bench: %s skipped: %s\n", name, firstLine(why))
	}
	Print(stdout, res)
	status := 0
	for _, pr := range res.Programs {
		if pr.Tools["native"].Status == "build-failed" {
			status = 1
		}
	}
	if *jsonFile != "" {
		if err := writeJSON(*jsonFile, res); err != nil {
			fmt.Fprintf(stderr, "memlens bench: %v\n", err)
			status = 1
		}
	}
	return status
}

// writeJSON writes res to path whole or not at all.
func writeJSON(path string, res *Result) error {
	data, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(path, append(data, '\n'), 0o644)
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progressBar draws "[=====     ] 12/40 judged" on one line of w.
func progressBar(w io.Writer) func(phase string, done, total int) {
	return func(phase string, done, total int) {
		const width = 30
		fill := width * done / max(total, 1)
		fmt.Fprintf(w, "\r[%s%s] %d/%d %s ", strings.Repeat("=", fill), strings.Repeat(" ", width-fill), done, total, phase)
		if done == total {
			fmt.Fprint(w, "\r\033[K")
		}
	}
}

// progressLines says how far it is on a log: a line at each tenth.
func progressLines(w io.Writer) func(phase string, done, total int) {
	return func(phase string, done, total int) {
		if done == total || done*10/total != (done-1)*10/total {
			fmt.Fprintf(w, "memlens bench: %d/%d %s\n", done, total, phase)
		}
	}
}
