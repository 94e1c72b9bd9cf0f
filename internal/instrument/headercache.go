package instrument

import (
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"

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
	path, key := headerCacheKey(prelude, header)
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
		storeCached(path, key, h)
	}
	return h, nil
}

// headerCacheKey returns the cache file of the expanded header and its
// key, "" if there is no cache directory.
func headerCacheKey(prelude []cc.Source, header []byte) (path, key string) {
	root, err := rtbuild.CacheRoot()
	if err != nil {
		return "", ""
	}
	h := sha256.New()
	// (the number changes with what expandedHeader makes of cc/v4's output)
	fmt.Fprintf(h, "header 1\n%s\n", frontEndVersion())
	for _, s := range prelude {
		fmt.Fprintf(h, "%s %d\n%s\n", s.Name, len(s.Value.(string)), s.Value)
	}
	fmt.Fprintf(h, "%d\n", len(header))
	h.Write(header)
	key = hex.EncodeToString(h.Sum(nil))[:32]
	return filepath.Join(root, "header", key+".h"), key
}

// printedHeader returns the runtime header's part of an instrumented unit
// as the rewriter last printed it, nil if it is not cached, and the cache
// file it is kept in ("" for none). Printing the header's declarations
// token by token is about a third of what an empty file's rewriting costs
// (reflection collects each declaration's tokens), and the text depends
// only on the expanded header (whose text is hashed into the key), the
// evaluation order (asmSizedLeast) and memlens's own code, so the key
// names the memlens binary as well: a rebuilt memlens never reads an
// older one's printing. The header's declarations come first in a unit
// and none of the program's rewriting touches their tokens (they are
// never instrumented, isSystemDef, and declare only memlens's own __ml_
// names, which no program defines for findDirect or weakenInlineOnly to
// patch), so the text is the same in every unit.
func (c *Config) printedHeader() (text []byte, path string) {
	if c.printed != nil {
		return c.printed, ""
	}
	path = printedHeaderPath(c.expanded, binaryID(), c.order)
	if path == "" {
		return nil, ""
	}
	if b, err := os.ReadFile(path); err == nil {
		c.printed = b
		return b, ""
	}
	return nil, path
}

// keepPrinted keeps text, the header's printing, for the next units (in
// memory) and the next runs (at path, when not ""). Other binaries'
// entries go: each build of memlens (and of its tests) would otherwise
// leave one a configuration for good, and another binary still in use
// only prints its header again.
func (c *Config) keepPrinted(text []byte, path string) {
	c.printed = text
	if path == "" {
		return
	}
	storeCached(path, filepath.Base(path), text)
	tag, _, _ := strings.Cut(filepath.Base(path), "-")
	old, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.i"))
	for _, e := range old {
		if !strings.HasPrefix(filepath.Base(e), tag+"-") {
			os.Remove(e)
		}
	}
}

// printedHeaderPath is the cache file of the printing of the expanded
// header by the memlens binary of build ID binary in evaluation order
// order, named after the binary first; "" when the binary is unknown.
func printedHeaderPath(expanded []byte, binary string, order evalOrder) string {
	root, err := rtbuild.CacheRoot()
	if err != nil || binary == "" {
		return ""
	}
	tag := sha256.Sum256([]byte(binary))
	h := sha256.New()
	fmt.Fprintf(h, "printed 1\n%d %s\n%+v\n", len(binary), binary, order) // (the expanded header last)
	h.Write(expanded)
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
