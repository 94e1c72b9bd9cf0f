// Package inject is memlens inject: it writes variants of correct
// programs, each with one bug from a template of real bug patterns and the
// annotation of the line where a checker must report it (paper 003 §6,
// paper 001's fault injection). A variant is kept only when it compiles
// and the run of the original program on its corpus input reaches the
// changed line (gcc's coverage says so), so every variant executes its
// bug.
package inject

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"memlens/internal/corpus"
	"memlens/internal/instrument"
)

// Config is what one run of memlens inject is asked to do.
type Config struct {
	Templates []*Template
	Seed      uint64
	Max       int    // variants per program and template, 0: all
	Out       string // directory the variants are written to
	CC        string // C compiler: coverage of the originals, compile checks
	Tmp       string

	written map[string]bool // names of the variants written so far
}

// Tally counts what became of one template's sites in one program.
type Tally struct {
	Sites      int // places the template applies
	NotRun     int // the corpus input never reaches the line
	NoCompile  int // the variant does not compile
	Harmless   int // its native run does not show the harm (Template.harm)
	Unselected int // beyond Max
	Written    int
}

// Variant is one program written.
type Variant struct {
	Name     string // file written, without .c
	Template string
	Want     string // the annotation, e.g. DOUBLE-FREE at prog.c:12
	What     string
}

// fate is what became of one site's variant.
type fate int

const (
	written   fate = iota
	noCompile      // it does not compile, or its annotation does not read back
	harmless       // its native run does not show the harm
)

// Program injects the templates into the correct program at path (a
// single-file corpus program) and writes the variants to cfg.Out.
func Program(ctx context.Context, cfg *Config, parser *instrument.Config, path string) (map[string]*Tally, []Variant, error) {
	path, err := filepath.Abs(path)
	if err != nil {
		return nil, nil, err
	}
	prog, err := corpus.Load(path)
	if err != nil {
		return nil, nil, err
	}
	if len(prog.Sources) != 1 || filepath.Join(prog.Dir, prog.Sources[0]) != filepath.Clean(path) {
		return nil, nil, fmt.Errorf("%s: memlens inject takes single-file programs (NAME.c)", path)
	}
	if len(prog.Bugs()) > 0 {
		return nil, nil, fmt.Errorf("%s: has want annotations: memlens inject takes correct programs", path)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	parsed, err := parser.Parse(path)
	if err != nil {
		return nil, nil, err
	}
	u := newUnit(path, src, parsed)
	ran, err := coverage(ctx, cfg, prog)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: measuring which lines the corpus input runs: %v", path, err)
	}
	tallies := map[string]*Tally{}
	var variants []Variant
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x6d656d6c656e73))
	for _, t := range cfg.Templates {
		tally := &Tally{}
		tallies[t.Name] = tally
		var sites []site
		for _, fn := range functions(u) {
			sites = append(sites, t.find(u, fn)...)
		}
		slices.SortStableFunc(sites, func(a, b site) int { return a.line - b.line })
		tally.Sites = len(sites)
		var live []site
		for _, s := range sites {
			if ran[s.line] {
				live = append(live, s)
			} else {
				tally.NotRun++
			}
		}
		rng.Shuffle(len(live), func(i, j int) { live[i], live[j] = live[j], live[i] })
		for _, s := range live {
			if cfg.Max > 0 && tally.Written >= cfg.Max {
				tally.Unselected++
				continue
			}
			s.template = t.Name
			v, f, err := write(ctx, cfg, prog, u, s, t.harm)
			switch {
			case err != nil:
				return nil, nil, err
			case f == harmless:
				tally.Harmless++
			case f == noCompile:
				tally.NoCompile++
			default:
				tally.Written++
				variants = append(variants, v)
			}
		}
	}
	return tallies, variants, nil
}

// write makes the variant of site s, checks that it compiles, that its
// annotation reads back and, with harm set, that its native run prints
// harm on stderr, and writes it (with the program's stdin file) to
// cfg.Out.
func write(ctx context.Context, cfg *Config, prog *corpus.Program, u *unit, s site, harm string) (Variant, fate, error) {
	if u.continued(s.wantLine) {
		return Variant{}, noCompile, nil
	}
	base := strings.TrimSuffix(filepath.Base(u.path), ".c")
	name := fmt.Sprintf("%s__%s_%d", base, s.template, s.line)
	for k := 2; cfg.written[name]; k++ {
		name = fmt.Sprintf("%s__%s_%d_%d", base, s.template, s.line, k) // two sites on one line
	}
	text := apply(u.src, s.edits, u, s.wantLine, "want "+s.want)
	// Compiled under the original's name: the annotation names that file.
	dir := filepath.Join(cfg.Tmp, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Variant{}, noCompile, err
	}
	file := filepath.Join(dir, filepath.Base(u.path))
	if err := os.WriteFile(file, text, 0o644); err != nil {
		return Variant{}, noCompile, err
	}
	args := append(append([]string{"-c", "-o", os.DevNull}, prog.CFlags...), file)
	cctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	cmd := exec.CommandContext(cctx, cfg.CC, args...)
	cmd.Dir = prog.Dir
	if err := cmd.Run(); err != nil {
		return Variant{}, noCompile, nil
	}
	back, err := corpus.Load(file)
	if err != nil || len(back.Bugs()) != 1 {
		return Variant{}, noCompile, nil // the annotation landed in a comment
	}
	if harm != "" {
		shows, err := harms(ctx, cfg, prog, file, harm)
		if err != nil || !shows {
			return Variant{}, harmless, nil
		}
	}
	out := filepath.Join(cfg.Out, name+".c")
	if err := os.WriteFile(out, text, 0o644); err != nil {
		return Variant{}, noCompile, err
	}
	if prog.Stdin != "" {
		data, err := os.ReadFile(filepath.Join(prog.Dir, prog.Stdin))
		if err == nil {
			err = os.WriteFile(filepath.Join(cfg.Out, prog.Stdin), data, 0o644)
		}
		if err != nil {
			return Variant{}, noCompile, err
		}
	}
	if cfg.written == nil {
		cfg.written = map[string]bool{}
	}
	cfg.written[name] = true
	return Variant{Name: name, Template: s.template, Want: fmt.Sprintf("%s at %s.c:%d", s.want, name, s.wantLine), What: s.what}, written, nil
}

// gcovLine is a line of gcov's text output: "    12:   34:  code" (run 12
// times), "#####" (never run) or "-" (no code).
var gcovLine = regexp.MustCompile(`^\s*([0-9]+)\*?:\s*([0-9]+):`)

// coverage builds prog with gcc's coverage instrumentation, runs it on its
// corpus input and returns the lines of its source that ran.
func coverage(ctx context.Context, cfg *Config, prog *corpus.Program) (map[int]bool, error) {
	dir, err := os.MkdirTemp(cfg.Tmp, "coverage-")
	if err != nil {
		return nil, err
	}
	src := prog.Sources[0]
	bin := filepath.Join(dir, "prog")
	args := append(append([]string{"--coverage", "-O0", "-g", "-o", bin}, prog.CFlags...), filepath.Join(prog.Dir, src))
	args = append(args, prog.Libs...)
	cmd := exec.CommandContext(ctx, cfg.CC, args...)
	cmd.Dir = dir // the .gcno and .gcda files go here
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%s %s: %v\n%s", cfg.CC, strings.Join(args, " "), err, out)
	}
	if err := runOnInput(ctx, prog, bin, nil); err != nil {
		return nil, err
	}
	gcda, err := filepath.Glob(filepath.Join(dir, "*.gcda"))
	if err != nil || len(gcda) == 0 {
		return nil, fmt.Errorf("the run left no coverage data")
	}
	gcov := exec.CommandContext(ctx, "gcov", "-t", "-o", dir, gcda[0])
	gcov.Dir = dir
	out, err := gcov.Output()
	if err != nil {
		return nil, fmt.Errorf("gcov: %v", err)
	}
	ran := map[int]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	for sc.Scan() {
		if m := gcovLine.FindStringSubmatch(sc.Text()); m != nil {
			n, _ := strconv.Atoi(m[1])
			line, _ := strconv.Atoi(m[2])
			if n > 0 {
				ran[line] = true
			}
		}
	}
	return ran, nil
}

// harms builds the variant in file natively, runs it on the program's
// input and reports whether its stderr says harm.
func harms(ctx context.Context, cfg *Config, prog *corpus.Program, file, harm string) (bool, error) {
	bin := strings.TrimSuffix(file, ".c")
	args := append(append(append([]string{"-O1", "-g", "-o", bin}, prog.CFlags...), file), prog.Libs...)
	build := exec.CommandContext(ctx, cfg.CC, args...)
	build.Dir = prog.Dir
	if err := build.Run(); err != nil {
		return false, err
	}
	var stderr bytes.Buffer
	if err := runOnInput(ctx, prog, bin, &stderr); err != nil {
		return false, err
	}
	return strings.Contains(stderr.String(), harm), nil
}

// runOnInput runs bin with prog's arguments and stdin, for two minutes at
// most; how it ends does not matter (a correct program may exit non-zero,
// a variant may be killed by its bug). Its stderr goes to stderr.
func runOnInput(ctx context.Context, prog *corpus.Program, bin string, stderr io.Writer) error {
	rctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	run := exec.CommandContext(rctx, bin, prog.Args...)
	run.Dir = prog.Dir
	run.Stderr = stderr
	if prog.Stdin != "" {
		f, err := os.Open(filepath.Join(prog.Dir, prog.Stdin))
		if err != nil {
			return err
		}
		defer f.Close()
		run.Stdin = f
	}
	_ = run.Run()
	return nil
}
