package instrument

import (
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"modernc.org/cc/v4"

	"memlens/internal/rtbuild"
)

// headerMark separates, in cc/v4's preprocessed output, the prelude from
// the runtime header; it is no macro, so it comes out as it is.
const headerMark = "__memlens_runtime_header_starts"

// expandedHeader returns the runtime header as cc/v4's preprocessor leaves
// it: its macros expanded and its directives gone. Expanding the header's
// macros is most of what a small unit costs the front end (an empty
// file's unit: 0.22 s of CPU, gcc's whole compile of a small file), and
// the result depends only on the header, the prelude before it (the
// compiler's predefined macros and builtinSource) and cc/v4, so it is kept
// in memlens's cache directory under a key of all of them; a cache that
// cannot be written only costs each run the expansion. The front end then
// reads the expanded header in its place: the same declarations, tokens
// and code, and the header's macros are no longer defined over the user's
// (already preprocessed) text. Only the header's line numbers change, the
// directives' lines being gone.
func (c *Config) expandedHeader() ([]byte, error) {
	if c.expanded != nil {
		return c.expanded, nil
	}
	prelude := []cc.Source{
		{Name: "<predefined>", Value: c.cfg.Predefined},
		{Name: "<builtin>", Value: builtinSource},
	}
	header := c.header()
	path := headerCachePath(prelude, header)
	if path != "" {
		if b, err := os.ReadFile(path); err == nil {
			c.expanded = b
			return b, nil
		}
	}
	var out bytes.Buffer
	err := cc.Preprocess(c.cfg, append(prelude,
		cc.Source{Name: "<mark>", Value: headerMark + "\n"},
		cc.Source{Name: headerName, Value: header}), &out)
	if err != nil {
		return nil, err
	}
	_, h, ok := bytes.Cut(out.Bytes(), []byte(headerMark))
	if !ok {
		return nil, fmt.Errorf("preprocessing the runtime header: no %s in the output", headerMark)
	}
	c.expanded = h
	if path != "" {
		storeCached(path, h)
	}
	return h, nil
}

// headerCachePath returns the cache file of the expanded header, "" if
// there is no cache directory.
func headerCachePath(prelude []cc.Source, header []byte) string {
	root, err := rtbuild.CacheRoot()
	if err != nil {
		return ""
	}
	h := sha256.New()
	// (the number changes with what expandedHeader makes of cc/v4's output)
	fmt.Fprintf(h, "header 1\n%s\n", frontEndVersion())
	for _, s := range prelude {
		fmt.Fprintf(h, "%s %d\n%s\n", s.Name, len(s.Value.(string)), s.Value)
	}
	fmt.Fprintf(h, "%d\n", len(header))
	h.Write(header)
	return filepath.Join(root, "header", hex.EncodeToString(h.Sum(nil))[:32]+".h")
}

// printedHeader returns the runtime header's part of an instrumented unit
// as the rewriter last printed it, nil if it is not cached, and the cache
// file it is kept in ("" for none). Printing the header's declarations
// token by token is about a third of what an empty file's rewriting costs
// (reflection collected each declaration's tokens), and the text depends
// only on the expanded header (whose text is hashed into the key), the
// evaluation order (asmSizedLeast) and memlens's own code, so the key
// names the memlens binary as well: a rebuilt memlens never reads an
// older one's printing. The header's declarations come first in a unit
// and none of the program's rewriting touches their tokens (they are
// never instrumented, isSystemDef, and declare only memlens's own __ml_
// names, which no program defines for findDirect or weakenInlineOnly to
// patch), so the text is the same in every unit.
//
// With the printing comes the header's declarations-only form
// (declaredHeader), which the front end then reads in the expanded
// header's place.
func (c *Config) printedHeader() (text []byte, path string) {
	if c.printed != nil {
		return c.printed, ""
	}
	path = printedHeaderPath(binaryID(), c.order, c.cfg.Predefined, c.headerDefines())
	if path == "" {
		return nil, ""
	}
	if b, err := os.ReadFile(path); err == nil {
		if parts := bytes.SplitN(b, []byte{0}, 3); len(parts) == 3 {
			if declared := parts[0]; len(declared) > 0 {
				c.declared = declared[:len(declared):len(declared)] // (cc/v4 may append to a source: not into the printing)
			}
			c.helpers, c.defs = decodeIndex(parts[1])
			c.printed = parts[2]
			return c.printed, ""
		}
	}
	return nil, path
}

// keepPrinted keeps text, the header's printing, declared, its
// declarations-only form, helpers, its asmHelpers, and the printing's
// headerHelpers (pruneHeaderHelpers reads them in every unit), for the
// next units (in memory) and the next runs (at path, when not "", in one
// file: they are kept or lost together; declared nil: units are parsed
// with the whole header). Other
// binaries' entries written over printedKept ago go: each build of
// memlens (and of its tests) would otherwise leave one a configuration
// for good, and another binary still in use only prints its header
// again. Newer ones stay: binaries running side by side (go test ./...
// runs e2e's memlens beside internal/instrument's test binary) would
// otherwise remove each other's at every unit, each then parsing the
// whole header and printing it again.
func (c *Config) keepPrinted(text, declared []byte, helpers map[string]int, path string) {
	c.printed, c.declared, c.helpers, c.defs = text, declared, helpers, headerHelpers(text)
	if path == "" {
		return
	}
	storeCached(path, slices.Concat(declared, []byte{0}, encodeIndex(helpers, c.defs), []byte{0}, text))
	tag, _, _ := strings.Cut(filepath.Base(path), "-")
	old, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.i"))
	for _, e := range old {
		if fi, err := os.Stat(e); err == nil && !strings.HasPrefix(filepath.Base(e), tag+"-") && time.Since(fi.ModTime()) > printedKept {
			os.Remove(e)
		}
	}
}

// printedKept is how long another binary's printing of the header is kept.
const printedKept = time.Hour

// declaredHeader returns the expanded header with the body of each of
// its functions, defined in decls, replaced by ";": the declarations the
// user's code is checked against, without the inline checks' bodies,
// three quarters of the header's text and most of what parsing a small
// unit costs (an empty unit's cc.Translate: 146 -> 33 ms). A unit parsed
// with it rewrites to the same text: the header's own part is the cached
// printing, and the program's rewriting reads of the header only its
// declarations (the names it replaces, noteReplacements; the helpers a
// call in asm can reach, asmHelpers, by their types). nil if a body's
// braces are not where its tokens say in expanded (a header whose macros
// are not expanded: tests).
func declaredHeader(expanded []byte, decls []*cc.ExternalDeclaration) []byte {
	var out []byte
	from := 0
	for _, ed := range decls {
		fd := ed.FunctionDefinition
		if fd == nil || ed.Position().Filename != headerName {
			continue
		}
		body := fd.CompoundStatement
		lb, rb := body.Token.Position().Offset, body.Token2.Position().Offset
		if lb < from || rb < lb || rb >= len(expanded) || expanded[lb] != '{' || expanded[rb] != '}' {
			return nil
		}
		out = append(append(out, expanded[from:lb]...), ';')
		from = rb + 1
	}
	return append(out, expanded[from:]...)
}

// encodeIndex writes helpers (asmHelpers) and defs (headerHelpers) as
// lines "name arguments" and "name from to".
func encodeIndex(helpers map[string]int, defs []helperDef) []byte {
	var b []byte
	for _, name := range slices.Sorted(maps.Keys(helpers)) {
		b = fmt.Appendf(b, "%s %d\n", name, helpers[name])
	}
	for _, d := range defs {
		b = fmt.Appendf(b, "%s %d %d\n", d.name, d.from, d.to)
	}
	return b
}

// decodeIndex reads encodeIndex's lines.
func decodeIndex(b []byte) (map[string]int, []helperDef) {
	helpers := map[string]int{}
	var defs []helperDef
	for line := range strings.Lines(string(b)) {
		f := strings.Fields(line)
		n := make([]int, len(f))
		for i := 1; i < len(f); i++ {
			n[i], _ = strconv.Atoi(f[i])
		}
		switch len(f) {
		case 2:
			helpers[f[0]] = n[1]
		case 3:
			defs = append(defs, helperDef{f[0], n[1], n[2]})
		}
	}
	return helpers, defs
}

// unitHeader returns declared, the header's declarations-only form, with
// the declarations the unit of text view does not need blanked: those that
// declare no word of view, no checked replacement of a libc function it
// names (noteReplacements reads each one's type for checkedCall) and
// nothing a kept one names.
// Most of a small unit's parse was the header's declarations, of which it
// uses a few. The unit's code names no other declaration of the header
// (its names are memlens's own __ml_…; a typestate header's records that
// name some keep them), so it type-checks the same, and the rest of what
// the rewriter reads of the header comes with its printing (the header's
// part of the unit, asmHelpers), so it rewrites to the same text.
func unitHeader(declared, view []byte) []byte {
	toks := sysTokens(declared)
	for i := range toks {
		toks[i].system = true // (sysDecls splits the system headers' part)
	}
	decls, _, ok := sysDecls(toks)
	if !ok {
		return declared
	}
	names := map[string]bool{}
	for _, d := range decls {
		for _, n := range d.declares {
			names[n] = true
		}
	}
	var roots []string
	eachWord(view, func(w []byte) {
		if names[string(w)] {
			roots = append(roots, string(w))
		}
		if name := bytes.TrimPrefix(w, []byte("__builtin_")); wrapped[string(name)] { // (a call's name, as checkedCall reads it)
			roots = append(roots, "__ml_"+string(name))
		}
	})
	// (one whose names cannot be told is kept, as in the system headers)
	kept := keptDecls(decls, func(d *sysDecl) bool { return len(d.declares) == 0 }, roots)
	return blankDecls(declared, decls, kept)
}

// printedHeaderPath is the cache file of the printing of the expanded
// header by the memlens binary of build ID binary in evaluation order
// order, named after the binary first; "" when the binary is unknown.
// The binary holds the rest of what the expanded header is made of (the
// runtime header, cc/v4, builtinSource), so the key names the expansion's
// other inputs, the compiler's predefined macros and the header's defines
// (headerDefines), not the expanded text: a unit whose printing is cached
// neither reads the expanded header nor hashes it.
func printedHeaderPath(binary string, order evalOrder, predefined string, defines []byte) string {
	root, err := rtbuild.CacheRoot()
	if err != nil || binary == "" {
		return ""
	}
	tag := sha256.Sum256([]byte(binary))
	h := sha256.New()
	fmt.Fprintf(h, "printed 4\n%d %s\n%+v\n%d %s\n", len(binary), binary, order, len(defines), defines)
	h.Write([]byte(predefined))
	name := hex.EncodeToString(tag[:4]) + "-" + hex.EncodeToString(h.Sum(nil))[:32] + ".i"
	return filepath.Join(root, "header", name)
}

// binaryID is the Go build ID of the running executable (a hash of its
// content), "" when it cannot be read.
var binaryID = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := elf.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	s := f.Section(".note.go.buildid")
	if s == nil {
		return ""
	}
	b, err := s.Data()
	if err != nil {
		return ""
	}
	return string(b)
})

// frontEndVersion is the version of cc/v4 built in (its preprocessor's
// output is what is cached), "" when unknown (tests).
func frontEndVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	for _, m := range bi.Deps {
		if m.Path == "modernc.org/cc/v4" {
			if m.Replace != nil {
				m = m.Replace
			}
			return m.Path + "@" + m.Version + " " + m.Sum
		}
	}
	return ""
}
