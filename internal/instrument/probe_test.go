package instrument

import (
	"bytes"
	"path/filepath"
	"reflect"
	"testing"
)

// TestProbeCache checks that a configuration answered from the probe cache
// is the one the compiler gives, down to the instrumented output, and that
// flags changing cc/v4's private settings are never cached.
func TestProbeCache(t *testing.T) {
	newTestConfig(t, false) // skips without gcc
	cache := t.TempDir()
	t.Setenv("MEMLENS_CACHE", cache)
	probed, err := NewConfig("gcc", []string{"-O2"}, Mode{})
	if err != nil {
		t.Fatal(err)
	}
	entries, _ := filepath.Glob(filepath.Join(cache, "probe", "*.json"))
	if len(entries) != 1 {
		t.Fatalf("probe cache holds %d entries after one probe, want 1", len(entries))
	}
	cached, err := NewConfig("gcc", []string{"-O2"}, Mode{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(probed.cfg, cached.cfg) {
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

	// c89 makes inline an identifier: cc/v4 keeps that in its own state
	if _, err := NewConfig("gcc", []string{"-std=c89"}, Mode{}); err != nil {
		t.Fatal(err)
	}
	entries, _ = filepath.Glob(filepath.Join(cache, "probe", "*.json"))
	if len(entries) != 1 {
		t.Errorf("-std=c89 was cached (%d entries)", len(entries))
	}
}
