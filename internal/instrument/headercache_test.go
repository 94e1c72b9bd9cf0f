package instrument

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"testing"
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
	written.expanded = written.header() // as the header reads, macros and all
	_, refSrc, _ := writeInstrumented(t, written, prog)
	// (but for the header's line numbers, which gcc notes at each asm)
	lines := regexp.MustCompile(`(?m)^# \d+ "<memlens.h>".*\n`)
	a := lines.ReplaceAll(unitAssembly(t, src, out), nil)
	if b := lines.ReplaceAll(unitAssembly(t, refSrc, out), nil); !bytes.Equal(a, b) {
		t.Error("the unit compiles to other code with the expanded header")
	}

	// the second run reads the cache (a declaration added to the entry
	// shows in its unit)
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
		c, err := NewConfig("gcc", flags, Mode{})
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
