// Package instrument rewrites one C translation unit so that every memory
// access, allocation, free and call reports to the memlens runtime.
//
// The output is the whole translation unit after preprocessing (so accesses
// inside macro expansions are instrumented too), with GNU linemarkers that
// keep diagnostics and debug info on the user's files. It is compiled as
// preprocessed C (-x cpp-output).
package instrument

import (
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"sync"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"memlens/internal/rtbuild"
)

// GCPercent is the collector's target for a process that instruments units
// (memlens cc, which lives for a fraction of a second, and this package's
// tests): each parse tree is kept to the end, so collecting garbage is
// mostly wasted.
const GCPercent = 400

// headerName is the name the runtime ABI header has inside the output.
const headerName = "<memlens.h>"

// Config holds what parsing needs for one driver run: the host compiler's
// predefined macros and ABI under the user's flags. Creating it runs the
// host compiler, so a driver makes one per run.
type Config struct {
	cfg         *cc.Config
	strict      *strictConfig // nil when cfg is the compiler's own answer (probe)
	cc          []string      // the host compiler and the user's flags, to preprocess for Parse
	order       evalOrder
	full        bool // full checking: definedness too (UNINITIALIZED-READ)
	optimizing  bool // the user's flags optimise (gcc's __OPTIMIZE__: any -O but -O0)
	forSize     bool // for size (gcc's __OPTIMIZE_SIZE__: -Os, -Oz)
	asmCalls    bool // unoptimised gcc code for x86-64's small code model: a leaf's helper calls can be made in asm (asmcalls.go)
	avx512      bool // the target has AVX-512's registers
	packLimit   int  // -fpack-struct=n's cap on struct members' alignment (0: none; structPacking)
	packAll     bool // -fpack-struct: every struct and union packed
	count       bool // count the statements run (Mode.CountStatements)
	graph       bool // trace pointer stores for memory graphs (Mode.Graph)
	every       bool // check every access through a pointer (Mode.EveryAccess)
	mode        Mode
	unoptimized bool // instruments as for -O0 under flags that optimise (unoptimizedConfig)
	twinOnce    sync.Once
	twin        *Config // the unoptimized twin, made on first use
	mu          sync.Mutex
	warn        io.Writer      // Mode.Warnings
	expanded    []byte         // the runtime header, expanded (expandedHeader)
	printed     []byte         // the rewriter's printing of it (printedHeader)
	declared    []byte         // its declarations-only form (declaredHeader)
	helpers     map[string]int // its asmHelpers, kept with the printing
	defs        []helperDef    // the printing's headerHelpers
}

// Mode is how units are instrumented.
type Mode struct {
	// Full checking: detection mode's checks and definedness
	// (UNINITIALIZED-READ), which costs about a third more time.
	Full bool
	// CountStatements makes the program count the statements it runs,
	// so that each value propagation step notes when it happened: for
	// measuring how far a chain's origin is from its failure (paper
	// 000's Table 3), at some cost in speed.
	CountStatements bool
	// Graph traces every store of a pointer into memory reached through
	// a pointer, for memory graphs (runtime/graph.c, memlens graph).
	Graph bool
	// EveryAccess checks every access through a pointer, none proved by
	// an earlier check or of unknown provenance left out, in the runtime
	// (__ml_chk_every): the program's rules detect at deref and must see
	// every access, not only the ones the inline checks refuse.
	EveryAccess bool
	// Warnings receives File's warnings about the user's code, as gcc
	// writes them (file:line:col: warning: …); nil drops them.
	Warnings io.Writer
	// Stdin is the source gcc reads from standard input and names
	// "<stdin>", when a unit is read from there: the user's lines, which
	// the file system does not hold, for columns and reports.
	Stdin string
}

// NewConfig prepares parsing for C compiler command (its program and the
// program's own arguments: MEMLENS_CC="ccache gcc") under the user's
// compiler flags args (all flags of the command line except inputs, -o,
// -c, -S, -E and -M*), to instrument units the way mode says.
func NewConfig(command, args []string, mode Mode) (*Config, error) {
	args = slices.Concat(command[1:], args)
	flags := probeFlags(args)
	asked := compilerWords(command)
	cfg, cached, err := probe(asked, flags)
	if err != nil {
		return nil, queryError(asked, err)
	}
	c := newConfig(withPacking(cfg, args), append([]string{command[0]}, args...), mode, false)
	if words := offKeywords(flags); cached && len(words) > 0 {
		c.strict = &strictConfig{words: words, ask: sync.OnceValues(func() (*cc.Config, error) {
			cfg, err := askCompiler(asked, flags)
			if err != nil {
				return nil, queryError(asked, err)
			}
			return withPacking(cfg, args), nil
		})}
	}
	return c, nil
}

// compilerWords is the part of compiler command that names the compiler:
// its program and the words before any option (a wrapper's: ccache gcc).
func compilerWords(command []string) []string {
	n := 1
	for n < len(command) && !strings.HasPrefix(command[n], "-") {
		n++
	}
	return command[:n:n]
}

// queryError is the error of asking compiler command for its
// configuration.
func queryError(command []string, err error) error {
	return fmt.Errorf("cannot query the C compiler %s: %v", strings.Join(command, " "), err)
}

// withPacking is cfg with the ABI of the user's -fpack-struct, if any.
func withPacking(cfg *cc.Config, args []string) *cc.Config {
	switch limit, all := structPacking(args); {
	case all:
		cfg.ABI = packedABI(cfg.ABI, 1)
	case limit > 0:
		cfg.ABI = packedABI(cfg.ABI, limit)
	}
	return cfg
}

// strictConfig is the compiler's own configuration, asked on first use,
// where the cached one Config holds knows keywords the user's flags make
// identifiers (probe): for the units that spell one of them.
type strictConfig struct {
	words []string
	ask   func() (*cc.Config, error)
}

// parseConfig is the configuration cc/v4 parses the text of a unit with.
func (c *Config) parseConfig(text []byte) (*cc.Config, error) {
	if c.strict == nil || !spells(text, c.strict.words) {
		return c.cfg, nil
	}
	return c.strict.ask()
}

// newConfig makes the Config for the probed cfg and the compiler command;
// unoptimized instruments as for -O0 whatever the flags say (see File).
func newConfig(cfg *cc.Config, command []string, mode Mode, unoptimized bool) *Config {
	c := &Config{cfg: cfg, cc: command, mode: mode, unoptimized: unoptimized, order: gccOrder, full: mode.Full, count: mode.CountStatements, graph: mode.Graph, every: mode.EveryAccess, warn: mode.Warnings}
	flagsOptimize := strings.Contains(cfg.Predefined, "#define __OPTIMIZE__ ")
	c.optimizing = flagsOptimize && !unoptimized
	c.forSize = strings.Contains(cfg.Predefined, "#define __OPTIMIZE_SIZE__ ")
	if strings.Contains(cfg.Predefined, "#define __clang__ ") {
		c.order = clangOrder
	}
	c.asmCalls = !flagsOptimize && c.order == gccOrder && strings.Contains(cfg.Predefined, "#define __x86_64__ ") &&
		strings.Contains(cfg.Predefined, "#define __LP64__ ") && strings.Contains(cfg.Predefined, "#define __code_model_small__ ")
	c.avx512 = strings.Contains(cfg.Predefined, "#define __AVX512F__ ")
	if len(command) > 1 {
		c.packLimit, c.packAll = structPacking(command[1:])
	}
	return c
}

// unoptimizedFunction matches an optimize attribute or pragma; its
// arguments are then looked at for O0.
var unoptimizedFunction = regexp.MustCompile(`(?:\b|__)optimize(?:__)?\s*\(([^)]*)\)`)

// hasUnoptimized reports whether the preprocessed unit asks for a function
// compiled without optimisation (optimize("O0") or 0, as an attribute or
// #pragma GCC optimize): the optimised unit's checks rely on gcc inlining
// them and folding their constants, which such a function does not do
// (gcc rejects their asm: "impossible constraint").
func hasUnoptimized(pre []byte) bool {
	if !bytes.Contains(pre, []byte("optimize")) {
		return false
	}
	for _, m := range unoptimizedFunction.FindAllSubmatch(pre, -1) {
		for _, arg := range strings.Split(string(m[1]), ",") {
			switch strings.Trim(strings.TrimSpace(arg), `"`) {
			case "0", "O0", "-O0":
				return true
			}
		}
	}
	return false
}

// unoptimizedConfig returns c's twin that instruments as for -O0: the
// runtime header's helpers are called, not inlined, in every function.
func (c *Config) unoptimizedConfig() *Config {
	c.twinOnce.Do(func() {
		c.twin = newConfig(c.cfg, c.cc, c.mode, true)
		c.twin.strict = c.strict
	})
	return c.twin
}

// GCC reports whether the C compiler is gcc (clang defines __GNUC__
// too).
func (c *Config) GCC() bool {
	return c.order == gccOrder && strings.Contains(c.cfg.Predefined, "#define __GNUC__ ")
}

// File returns the instrumented translation unit for the C file at path,
// given pre, the host compiler's preprocessed output of it (gcc -E with
// the user's flags): a complete preprocessed C source to be compiled in
// its place. A unit the front end cannot parse yields a *ParseError.
func (c *Config) File(path string, pre []byte) ([]byte, error) {
	if c.optimizing && hasUnoptimized(pre) {
		c = c.unoptimizedConfig()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	u := newUnitText(pruneSystemDecls(pre), nil)
	c.packText(u)
	if c.mode.Stdin != "" {
		u.lines = map[string][]string{"<stdin>": strings.Split(c.mode.Stdin, "\n")}
	}
	ast, err := c.translate(path, u, true)
	if err != nil {
		return nil, err
	}
	return newRewriter(c, u).translationUnit(ast, path)
}

// Unit is a parsed translation unit, for tools that read C rather than
// rewrite it.
type Unit struct {
	AST  *cc.AST
	text *unitText
}

// Position returns where n stands in the user's source. (The AST's own
// columns are those of the compiler's preprocessed text.)
func (u *Unit) Position(n cc.Node) token.Position {
	pos := n.Position()
	pos.Column = u.text.column(pos)
	return pos
}

// Parse returns the front end's type-checked AST of the C file at path, as
// File sees it.
func (c *Config) Parse(path string) (*Unit, error) {
	pre, err := Preprocess(c.cc, path)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	u := newUnitText(pre, nil)
	c.packText(u)
	ast, err := c.translate(path, u, false)
	if err != nil {
		return nil, err
	}
	return &Unit{ast, u}, nil
}

// Preprocess runs the C compiler command argv (the compiler and the user's
// flags) on the C file at path with -E and returns its output.
func Preprocess(argv []string, path string) ([]byte, error) {
	cmd := exec.Command(argv[0], append(argv[1:len(argv):len(argv)], "-w", "-E", path, "-o", "-")...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s -E %s: %v\n%s", argv[0], path, err, stderr.Bytes())
	}
	return out, nil
}

// translate parses the unit's view after the runtime header; for the
// rewriter (rewriting), after those of its declarations the unit needs
// alone once its printing is cached (declaredHeader, unitHeader).
func (c *Config) translate(path string, u *unitText, rewriting bool) (ast *cc.AST, err error) {
	defer func() {
		// cc/v4's checker panics on some GNU C it parses (`34 ?: -1`, a
		// constant condition with the middle operand left out): a unit it
		// cannot read, compiled as it is, not a failed build.
		if r := recover(); r != nil {
			ast, err = nil, &ParseError{Msg: fmt.Sprintf("%s: the C front end failed: %v", path, r)}
		}
	}()
	var header []byte
	if rewriting {
		if c.printedHeader(); c.declared != nil {
			header = unitHeader(c.declared, u.view)
		}
	}
	if header == nil {
		if header, err = c.expandedHeader(); err != nil {
			return nil, err
		}
	}
	sources := []cc.Source{
		{Name: "<predefined>", Value: c.cfg.Predefined},
		{Name: "<builtin>", Value: builtinSource},
		{Name: headerName, Value: header},
		{Name: path, Value: u.view},
	}
	cfg, err := c.parseConfig(u.view)
	if err != nil {
		return nil, err
	}
	if ast, err = cc.Translate(cfg, sources); err != nil {
		return nil, &ParseError{Msg: cleanMessage(err.Error())}
	}
	if breaks, err := u.misplacedWideFields(ast); breaks != nil {
		if u.wideBreaks != nil {
			return nil, err
		}
		lines := u.lines
		*u = *newUnitText(u.orig, breaks)
		u.lines = lines
		c.packText(u)
		return c.translate(path, u, rewriting)
	}
	return ast, nil
}

// header is the runtime ABI header as this run's units include it: for
// full checking, __ML_FULL selects the hot-path code definedness needs;
// for the unoptimized twin, __OPTIMIZE__ undefined selects -O0's helpers.
func (c *Config) header() []byte {
	return append(c.headerDefines(), rtbuild.Header()...)
}

// headerDefines is what header puts before the runtime header.
func (c *Config) headerDefines() []byte {
	var h []byte
	if c.full {
		h = append(h, "#define __ML_FULL 1\n"...)
	}
	if c.unoptimized {
		h = append(h, "#undef __OPTIMIZE__\n"...)
	}
	return h
}

// evalOrder is the order in which the host compiler evaluates operands C
// leaves unsequenced. The rewriter hoists operands into temporaries only in
// that order, so an instrumented program does what the native build does.
type evalOrder struct {
	argsRightToLeft bool // call arguments, last first (after the callee)
	assignRHSFirst  bool // the value of "=" before its target, always
}

// Measured on x86_64: gcc 12 evaluates arguments right to left and, for
// "=", the target first only when the value is a plain call (under casts);
// clang 14 evaluates arguments left to right and the value of "=" first.
// Both evaluate the value of a compound assignment first.
var (
	gccOrder   = evalOrder{argsRightToLeft: true}
	clangOrder = evalOrder{assignRHSFirst: true}
)

// frontEndLoc is the front end's own source location some of its messages
// carry, e.g. "(check.go:5317:check:)": noise to a user.
var frontEndLoc = regexp.MustCompile(`\s*\([a-z0-9_]+\.go:\d+:[A-Za-z0-9_.]*:?\)`)

func cleanMessage(s string) string {
	return strings.TrimSpace(frontEndLoc.ReplaceAllString(s, ""))
}

// ParseError is returned for C the front end cannot parse. Its text is the
// front end's messages, one per line, each starting with file:line:col.
type ParseError struct{ Msg string }

func (e *ParseError) Error() string { return e.Msg }

// Error is an instrumentation failure at a position of the user's source: a
// construct the instrumenter does not handle.
type Error struct {
	Pos string
	Msg string
}

func (e *Error) Error() string { return e.Pos + ": memlens: " + e.Msg }
