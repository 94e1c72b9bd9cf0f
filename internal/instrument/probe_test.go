package instrument

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"modernc.org/cc/v4"
)

// TestProbeCache checks that a configuration answered from the probe cache
// is the one the compiler gives, down to the instrumented output, and that
// flags changing cc/v4's private settings beyond keywords are never cached.
func TestProbeCache(t *testing.T) {
	newTestConfig(t, false) // skips without gcc
	cache := t.TempDir()
	t.Setenv("MEMLENS_CACHE", cache)
	probed, err := NewConfig([]string{"gcc"}, []string{"-O2"}, Mode{})
	if err != nil {
		t.Fatal(err)
	}
	entries, _ := filepath.Glob(filepath.Join(cache, "probe", "*.json"))
	if len(entries) != 1 {
		t.Fatalf("probe cache holds %d entries after one probe, want 1", len(entries))
	}
	cached, err := NewConfig([]string{"gcc"}, []string{"-O2"}, Mode{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(probed.cfg, cached.cfg) || cached.strict != nil {
		t.Errorf("cached configuration differs:\nprobed %+v\ncached %+v", probed.cfg, cached.cfg)
	}
	a, err := fileOf(probed, "testdata/constructs.c")
	if err != nil {
		t.Fatal(err)
	}
	b, err := fileOf(cached, "testdata/constructs.c")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("instrumented output differs with the cached configuration")
	}

	// cc/v4 keeps in its own state that -ffreestanding implies -fno-builtin
	if _, err := NewConfig([]string{"gcc"}, []string{"-ffreestanding"}, Mode{}); err != nil {
		t.Fatal(err)
	}
	entries, _ = filepath.Glob(filepath.Join(cache, "probe", "*.json"))
	if len(entries) != 1 {
		t.Errorf("-ffreestanding was cached (%d entries)", len(entries))
	}
}

// TestProbeCacheKeywords: under -std=c89 asm, typeof and inline are
// identifiers. The probe is cached all the same; a unit that spells none of
// them (but in a line marker) is parsed with the cached configuration, without asking the
// compiler, and one that does, with the compiler's own, so both are
// instrumented as the compiler's answer instrumented them.
func TestProbeCacheKeywords(t *testing.T) {
	newTestConfig(t, false) // skips without gcc
	t.Setenv("MEMLENS_CACHE", t.TempDir())
	flags := []string{"-std=c89", "-O2"}
	probed, err := NewConfig([]string{"gcc"}, flags, Mode{})
	if err != nil {
		t.Fatal(err)
	}
	cached, err := NewConfig([]string{"gcc"}, flags, Mode{})
	if err != nil {
		t.Fatal(err)
	}
	if probed.strict != nil || cached.strict == nil {
		t.Fatalf("the first configuration should be the compiler's own (strict %v), the second the cache's (strict %v)", probed.strict, cached.strict)
	}
	dir := t.TempDir()
	words := filepath.Join(dir, "words.c")
	plain := filepath.Join(dir, "plain.c")
	for path, code := range map[string]string{
		words: "static int asm = 1, typeof = 2, inline = 3;\nint main(void) { return asm + typeof + inline - 6; }\n",
		// (<errno.h> includes <asm/errno.h>: a line marker names it)
		plain: "#include <errno.h>\nstatic int *last;\nint keep(int *p) { int old = last ? *last : errno; last = p; return old; }\n",
	} {
		if err := os.WriteFile(path, []byte(code), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ask := cached.strict.ask
	asked := 0
	cached.strict.ask = func() (*cc.Config, error) { asked++; return ask() }
	for _, path := range []string{plain, words} {
		a, err := fileOf(probed, path)
		if err != nil {
			t.Fatalf("%s with the compiler's configuration: %v", path, err)
		}
		b, err := fileOf(cached, path)
		if err != nil {
			t.Fatalf("%s with the cached configuration: %v", path, err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s: instrumented output differs with the cached configuration", path)
		}
		if want := map[string]int{plain: 0, words: 1}[path]; asked != want {
			t.Errorf("after %s the compiler was asked %d times, want %d", filepath.Base(path), asked, want)
		}
	}
}

// TestProbeWrapper: a compiler run through a wrapper (MEMLENS_CC="ccache
// gcc-13"; here env and a script adding a macro) is asked about itself:
// before, cc/v4 was given the wrapper alone, which failed, and silently
// asked cc instead. Its answer is cached under the words that name it,
// apart from another compiler's behind the same wrapper.
func TestProbeWrapper(t *testing.T) {
	newTestConfig(t, false) // skips without gcc
	t.Setenv("MEMLENS_CACHE", t.TempDir())
	script := filepath.Join(t.TempDir(), "wrapped-cc")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nexec gcc -DMEMLENS_TEST_WRAPPED=1 \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	const macro = "#define MEMLENS_TEST_WRAPPED 1"
	for i, tc := range []struct {
		command []string
		want    bool
	}{
		{[]string{"env", script}, true},
		{[]string{"env", script}, true}, // from the cache
		{[]string{"env", "gcc"}, false},
		{[]string{"env", script, "-O2"}, true}, // its options are flags
	} {
		c, err := NewConfig(tc.command, []string{"-O1"}, Mode{})
		if err != nil {
			t.Fatalf("%d: %q: %v", i, tc.command, err)
		}
		if !slices.Equal(c.cc, slices.Concat(tc.command, []string{"-O1"})) {
			t.Errorf("%d: %q: the compiler's command became %q", i, tc.command, c.cc)
		}
		if got := strings.Contains(c.cfg.Predefined, macro); got != tc.want {
			t.Errorf("%d: %q: the wrapped compiler's macro predefined %v, want %v", i, tc.command, got, tc.want)
		}
	}
}
