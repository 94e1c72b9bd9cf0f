// Package instrument rewrites one C translation unit so that every memory
// access, allocation, free and call reports to the memlens runtime.
//
// The output is the whole translation unit after preprocessing (so accesses
// inside macro expansions are instrumented too), with GNU linemarkers that
// keep diagnostics and debug info on the user's files. It is compiled as
// preprocessed C (-x cpp-output).
package instrument

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"modernc.org/cc/v4"

	"memlens/internal/rtbuild"
)

// headerName is the name the runtime ABI header has inside the output.
const headerName = "<memlens.h>"

// Config holds what parsing needs for one driver run: the host compiler's
// predefined macros and include paths under the user's flags. Creating it
// runs the host compiler, so a driver makes one per run.
type Config struct {
	cfg      *cc.Config
	defines  string   // -D/-U of the command line, as directives
	includes []string // -include files, in order
	sysDirs  []string // directories whose files are not instrumented
	order    evalOrder
	full     bool // full checking: definedness too (UNINITIALIZED-READ)
	count    bool // count the statements run (Mode.CountStatements)
	mu       sync.Mutex
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
}

// NewConfig prepares parsing for C compiler ccPath under the user's compiler
// flags args (all flags of the command line except inputs, -o, -c, -S, -E and
// -M*; flags that do not affect preprocessing are ignored), to instrument
// units the way mode says.
func NewConfig(ccPath string, args []string, mode Mode) (*Config, error) {
	f := parseFlags(args)
	cfg, err := probe(ccPath, f.probe)
	if err != nil {
		return nil, fmt.Errorf("cannot query the C compiler %s: %v", ccPath, err)
	}
	c := &Config{cfg: cfg, defines: f.defines.String(), includes: f.includes, order: gccOrder, full: mode.Full, count: mode.CountStatements}
	if strings.Contains(cfg.Predefined, "#define __clang__ ") {
		c.order = clangOrder
	}
	cfg.IncludePaths = append(append(append([]string{""}, f.quote...), f.include...), cfg.IncludePaths[1:]...)
	cfg.SysIncludePaths = append(append(append([]string(nil), f.include...), f.system...), cfg.SysIncludePaths...)
	cfg.SysIncludePaths = append(cfg.SysIncludePaths, f.after...)
	cfg.IncludePaths = append(cfg.IncludePaths, f.system...)
	cfg.IncludePaths = append(cfg.IncludePaths, f.after...)
	c.sysDirs = append(append(append([]string(nil), f.system...), f.after...), cfg.HostSysIncludePaths...)
	for i, d := range c.sysDirs {
		c.sysDirs[i] = filepath.Clean(d) + string(filepath.Separator)
	}
	cfg.PragmaHandler = nil // set per file
	return c, nil
}

// File returns the instrumented translation unit for the C file at path: a
// complete C source to be compiled in its place. A file the front end cannot
// parse yields a *ParseError.
func (c *Config) File(path string) ([]byte, error) {
	c.mu.Lock() // cc.Config carries the pragma handler of the file being parsed
	defer c.mu.Unlock()
	prag := newPragmas()
	ast, err := c.translate(path, prag)
	if err != nil {
		return nil, err
	}
	r := newRewriter(c, prag)
	out, err := r.translationUnit(ast, path)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Parse returns the front end's type-checked AST of the C file at path, as
// File sees it (for tools that read C rather than rewrite it).
func (c *Config) Parse(path string) (*cc.AST, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.translate(path, newPragmas())
}

// translate parses the file at path with the runtime header, the command
// line's macros and -include files first; the pragmas it consumes go to
// prag.
func (c *Config) translate(path string, prag *pragmas) (*cc.AST, error) {
	c.cfg.PragmaHandler = prag.handle
	sources := []cc.Source{
		{Name: "<predefined>", Value: c.cfg.Predefined + "\n" + c.defines},
		{Name: "<builtin>", Value: builtinSource},
		{Name: headerName, Value: c.header()},
	}
	for _, inc := range c.includes {
		sources = append(sources, cc.Source{Name: inc})
	}
	sources = append(sources, cc.Source{Name: path})
	ast, err := cc.Translate(c.cfg, sources)
	if err != nil {
		return nil, &ParseError{Msg: cleanMessage(err.Error())}
	}
	return ast, nil
}

// header is the runtime ABI header as this run's units include it: for
// full checking, __ML_FULL selects the hot-path code definedness needs;
// __ML_COUNT, the statement clock of steps.
func (c *Config) header() []byte {
	var h []byte
	if c.full {
		h = append(h, "#define __ML_FULL 1\n"...)
	}
	if c.count {
		h = append(h, "#define __ML_COUNT 1\n"...)
	}
	return append(h, rtbuild.Header()...)
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

// isSystem reports whether code from file is left uninstrumented: system
// headers, the compiler's predefined sources and the runtime's own header.
func (c *Config) isSystem(file string) bool {
	if file == "" || strings.HasPrefix(file, "<") {
		return true
	}
	for _, d := range c.sysDirs {
		if strings.HasPrefix(file, d) {
			return true
		}
	}
	return false
}

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
