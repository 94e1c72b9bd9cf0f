package instrument

import "testing"

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
