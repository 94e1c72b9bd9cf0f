package instrument

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkFile measures instrumenting one benchmark program (parse, type
// check and rewrite; the compiler query is done once, outside the loop).
func BenchmarkFile(b *testing.B) {
	cfg := newTestConfig(b, true)
	for i := 0; i < b.N; i++ {
		if _, err := fileOf(cfg, "../../bench/programs/hash.c"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSmallUnit measures instrumenting a one-line unit once the
// header's printing is cached: what the runtime header costs every unit.
func BenchmarkSmallUnit(b *testing.B) {
	cfg := newTestConfig(b, false)
	path := filepath.Join(b.TempDir(), "one.c")
	if err := os.WriteFile(path, []byte("int f(int x) { return x + 1; }\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	pre, err := Preprocess(cfg.cc, path)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i <= b.N; i++ { // (the first prints the header)
		if i == 1 {
			b.ResetTimer()
		}
		if _, err := cfg.File(path, pre); err != nil {
			b.Fatal(err)
		}
	}
}
