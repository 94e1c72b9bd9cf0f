package instrument

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestExpandedHeaderCache: the front end reads the runtime header expanded,
// kept in the cache directory; the unit compiles to the same code as with
// the header read as written, a second run takes the expansion from the
// cache, a prelude or header that changes it (-O0: no __OPTIMIZE__;
// -mavx512f: __AVX512F__; full checking's header) gets its own entry, and
// a cache that cannot be written still gives the same unit.
func TestExpandedHeaderCache(t *testing.T) {
	newTestConfig(t, false) // skips without gcc
	const prog = "../../bench/programs/list.c"
	cache := t.TempDir()
	t.Setenv("MEMLENS_CACHE", cache)
	entries := func() []string {
		e, _ := filepath.Glob(filepath.Join(cache, "header", "*.h"))
		return e
	}
	_, src, out := writeInstrumented(t, newTestConfig(t, false), prog)
	if n := len(entries()); n != 1 {
		t.Fatalf("the header cache holds %d entries after one unit, want 1", n)
	}
	written := newTestConfig(t, false)
	written.expanded = written.header()    // as the header reads, macros and all
	t.Setenv("MEMLENS_CACHE", t.TempDir()) // (printed afresh: the cached printing's key is the same)
	_, refSrc, _ := writeInstrumented(t, written, prog)
	t.Setenv("MEMLENS_CACHE", cache)
	// (but for the header's line numbers, which gcc notes at each asm)
	lines := regexp.MustCompile(`(?m)^# \d+ "<memlens.h>".*\n`)
	a := lines.ReplaceAll(unitAssembly(t, src, out), nil)
	if b := lines.ReplaceAll(unitAssembly(t, refSrc, out), nil); !bytes.Equal(a, b) {
		t.Error("the unit compiles to other code with the expanded header")
	}

	// the second run reads the cache (a declaration added to the entry
	// shows in its unit, the header's printing removed: a unit that finds
	// it does not read the expanded header)
	printings, _ := filepath.Glob(filepath.Join(cache, "header", "*.i"))
	for _, p := range printings {
		os.Remove(p)
	}
	entry := entries()[0]
	cached, err := os.ReadFile(entry)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(entry, append(cached, "\nint __ml_from_the_cache;\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	again, err := fileOf(newTestConfig(t, false), prog)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(again, []byte("__ml_from_the_cache")) {
		t.Error("the second unit did not take the header from the cache")
	}
	if err := os.WriteFile(entry, cached, 0o644); err != nil {
		t.Fatal(err)
	}

	for _, flags := range [][]string{{"-O0"}, {"-O2", "-mavx512f"}} {
		c, err := NewConfig([]string{"gcc"}, flags, Mode{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fileOf(c, prog); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := fileOf(newTestConfig(t, true), prog); err != nil {
		t.Fatal(err)
	}
	if n := len(entries()); n != 4 {
		t.Errorf("-O0, -mavx512f and full checking share entries with -O2 (%d entries, want 4)", n)
	}

	// a cache directory that cannot be created (under a file)
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("MEMLENS_CACHE", filepath.Join(file, "cache"))
	unwritable, err := fileOf(newTestConfig(t, false), prog)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(unwritable, out) {
		t.Error("the unit differs when the cache cannot be written")
	}
}

// TestPrintedHeaderCache: the header's part of a unit is printed once and
// kept in the cache directory with the header's declarations-only form; a
// unit that takes them from there (parsed with the declarations alone) is
// byte for byte the unit printed afresh, for programs other than the one
// that printed it, in every mode, optimised or not (asm calls); the
// entry's key names the expansion's inputs (-O0's predefined macros), the
// evaluation order (clang's asm statements are not marked
// __inline__) and the memlens binary (another build prints afresh); a
// read-only cache still serves it and one that cannot be written gives
// the same units.
func TestPrintedHeaderCache(t *testing.T) {
	newTestConfig(t, false) // skips without gcc
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if id, err := exec.Command("go", "tool", "buildid", exe).Output(); err == nil && !strings.Contains(binaryID(), strings.TrimSpace(string(id))) {
		t.Fatalf("binaryID %q does not hold the test binary's build ID %q", binaryID(), id)
	} else if binaryID() == "" {
		t.Fatal("no build ID read from the test binary: the printing would never be cached")
	}
	cache := t.TempDir()
	t.Setenv("MEMLENS_CACHE", cache)
	entries := func() []string {
		e, _ := filepath.Glob(filepath.Join(cache, "header", "*.i"))
		return e
	}
	unit := func(c *Config, prog string) []byte {
		t.Helper()
		out, err := fileOf(c, prog)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	config := func(flags []string, m Mode) *Config {
		t.Helper()
		c, err := NewConfig([]string{"gcc"}, flags, m)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	afresh := func(c func() *Config, prog string) []byte {
		t.Helper()
		t.Setenv("MEMLENS_CACHE", t.TempDir())
		defer t.Setenv("MEMLENS_CACHE", cache)
		return unit(c(), prog)
	}
	headerPart := func(u []byte) []byte {
		h, _, _ := bytes.Cut(u, []byte("__ml_sites["))
		return h
	}

	modes := []Mode{{}, {Full: true}, {CountStatements: true}, {Graph: true}, {EveryAccess: true}}
	for _, m := range modes {
		unit(config([]string{"-O2"}, m), "../../bench/programs/list.c")
	}
	if n := len(entries()); n != 2 {
		t.Fatalf("the cache holds %d printed headers after units in five modes, want 2 (detection, full)", n)
	}
	for _, prog := range []string{"../../bench/programs/vm.c", "testdata/constructs.c"} {
		for _, m := range modes {
			for _, opt := range []string{"-O2", "-O0"} {
				c := func() *Config { return config([]string{opt}, m) }
				if !bytes.Equal(unit(c(), prog), afresh(c, prog)) {
					t.Errorf("%s %s %+v: the unit with the cached header differs from the one printed afresh", prog, opt, m)
				}
			}
		}
	}

	// the next run reads the entry (a declaration added to it shows)
	const prog = "../../bench/programs/tree.c"
	gcc := unit(newTestConfig(t, false), prog)
	var entry string
	for _, e := range entries() {
		b, _ := os.ReadFile(e)
		if p := bytes.SplitN(b, []byte{0}, 3); len(p) == 3 && holdsPruned(gcc, p[2]) {
			entry = e
		}
	}
	if entry == "" {
		t.Fatal("no entry holds the detection unit's header as printed")
	}
	printed, err := os.ReadFile(entry)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(entry, append(bytes.Clone(printed), "int __ml_printed_from_the_cache;\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(unit(newTestConfig(t, false), prog), []byte("__ml_printed_from_the_cache")) {
		t.Error("the next unit did not take the header's printing from the cache")
	}
	// and the front end reads the declarations kept with it, which hold
	// none of the header's function bodies (an error put into one the
	// unit needs shows: a checked replacement's)
	declared, _, _ := bytes.Cut(printed, []byte{0})
	if bytes.Contains(declared, []byte("__ml_chk_every(")) == false || bytes.Count(declared, []byte("{")) > bytes.Count(printed[len(declared)+1:], []byte("{"))/4 {
		t.Errorf("the cached declarations-only header (%d bytes) keeps the function bodies", len(declared))
	}
	if err := os.WriteFile(entry, slices.Concat(declared, []byte("__ml_no_such_type __ml_malloc;\n\x00"), printed[len(declared)+1:]), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := fileOf(newTestConfig(t, false), prog); err == nil || !strings.Contains(err.Error(), headerName) {
		t.Errorf("the front end did not read the cached declarations-only header: %v", err)
	}
	if err := os.WriteFile(entry, printed, 0o644); err != nil {
		t.Fatal(err)
	}

	// another memlens binary does not read it, and its entry replaces
	// this binary's (of both modes) once they are over an hour old, not
	// before (binaries running side by side keep theirs)
	mine := entries()
	other := func() []byte {
		id := binaryID
		binaryID = func() string { return "another build" }
		defer func() { binaryID = id }()
		return unit(newTestConfig(t, false), prog)
	}
	if o := other(); bytes.Contains(o, []byte("__ml_printed_from_the_cache")) || !bytes.Equal(o, gcc) {
		t.Error("another memlens binary took this one's printing of the header")
	}
	e := entries()
	if len(e) != len(mine)+1 {
		t.Fatalf("after another binary's unit the cache holds %q, want this binary's recent ones %q too", e, mine)
	}
	for _, m := range mine {
		os.Chtimes(m, time.Time{}, time.Now().Add(-61*time.Minute))
		e = slices.DeleteFunc(e, func(s string) bool { return s == m })
	}
	os.Remove(e[0]) // (the other binary's, to print it again)
	other()
	if e := entries(); len(e) != 1 || slices.Contains(mine, e[0]) {
		t.Errorf("after another binary's unit the cache holds %q, want its entry alone (this binary's, an hour old, were %q)", e, mine)
	}
	unit(newTestConfig(t, false), prog)
	unit(newTestConfig(t, true), prog)
	if e := entries(); len(e) != 3 || !slices.Contains(e, entry) {
		t.Errorf("after this binary's units in both modes the cache holds %q, want %q, full checking's and the other binary's", e, entry)
	}

	// clang's order prints the header otherwise: an entry of its own
	n := len(entries())
	clang := func() *Config { c := newTestConfig(t, false); c.order = clangOrder; return c }
	cl := unit(clang(), prog)
	if len(entries()) != n+1 || bytes.Equal(headerPart(cl), headerPart(gcc)) || !bytes.Equal(cl, afresh(clang, prog)) {
		t.Error("clang's evaluation order shares gcc's printing of the header")
	}
	// -O0 expands the header otherwise (no __OPTIMIZE__)
	unit(config([]string{"-O0"}, Mode{}), prog)
	if len(entries()) != n+2 {
		t.Error("-O0's expanded header shares -O2's printing")
	}

	// a read-only cache still serves it (as root, only the reads are shown)
	filepath.Walk(cache, func(p string, _ os.FileInfo, _ error) error { return os.Chmod(p, 0o555) })
	defer filepath.Walk(cache, func(p string, _ os.FileInfo, _ error) error { return os.Chmod(p, 0o755) })
	if !bytes.Equal(unit(newTestConfig(t, false), prog), gcc) {
		t.Error("the unit differs with a read-only cache")
	}
	// a cache that cannot be written (under a file) prints afresh
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("MEMLENS_CACHE", filepath.Join(file, "cache"))
	if !bytes.Equal(unit(newTestConfig(t, false), prog), gcc) {
		t.Error("the unit differs when the cache cannot be written")
	}
}

// holdsPruned reports whether unit holds the header's printing printed
// as pruneHeaderHelpers leaves it, followed by the unit's own part (from
// its site table on).
func holdsPruned(unit, printed []byte) bool {
	sites := bytes.Index(unit, []byte("\nstatic const struct __ml_site __ml_sites["))
	if sites < 0 {
		return false
	}
	whole := slices.Concat(printed, unit[sites:])
	return bytes.HasSuffix(unit, pruneHeaderHelpers(whole, 0, headerHelpers(printed)))
}

// TestUnitHeader: a unit parses the header's declarations it names, the
// checked replacements of the libc functions it calls (by either name)
// and what those name, and no other.
func TestUnitHeader(t *testing.T) {
	const declared = `typedef unsigned long __ml_uptr;
struct __ml_rec { __ml_uptr base; };
struct __ml_other { int x; };
void *__ml_malloc(__ml_uptr) __attribute__((alloc_size(1)));
void *__ml_memcpy(void *, const void *, __ml_uptr);
void *__ml_memset(void *, int, __ml_uptr);
int __ml_unused(struct __ml_other *);
extern struct __ml_rec __ml_recs[4];
`
	const view = "int main(void) { char *p = malloc(4); __builtin_memcpy(p, p, 0); return __ml_recs[0].base; }"
	got := string(unitHeader([]byte(declared), []byte(view)))
	for _, want := range []string{"typedef unsigned long __ml_uptr;", "struct __ml_rec {", "void *__ml_malloc(", "void *__ml_memcpy(", "extern struct __ml_rec __ml_recs[4];"} {
		if !strings.Contains(got, want) {
			t.Errorf("the unit's header lacks %q:\n%s", want, got)
		}
	}
	for _, unwanted := range []string{"__ml_other", "__ml_memset", "__ml_unused"} {
		if strings.Contains(got, unwanted) {
			t.Errorf("the unit's header keeps %s, which the unit does not need:\n%s", unwanted, got)
		}
	}
	if strings.Count(got, "\n") != strings.Count(declared, "\n") {
		t.Errorf("the unit's header has other lines:\n%s", got)
	}
}
