package instrument

import (
	"os/exec"
	"testing"
)

// BenchmarkFile measures instrumenting one benchmark program (parse, type
// check and rewrite; the compiler query is done once, outside the loop).
func BenchmarkFile(b *testing.B) {
	if _, err := exec.LookPath("gcc"); err != nil {
		b.Skip("gcc not installed")
	}
	cfg, err := NewConfig("gcc", []string{"-O2"})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		if _, err := cfg.File("../../bench/programs/hash.c"); err != nil {
			b.Fatal(err)
		}
	}
}
