package instrument

import (
	"os"
	"testing"
)

func BenchmarkZZOneLine(b *testing.B) {
	cfg := newTestConfig(b, false)
	path := "/tmp/hdr/w/one.c"
	pre, err := Preprocess(cfg.cc, path)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := cfg.File(path, pre); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := cfg.File(path, pre); err != nil {
			b.Fatal(err)
		}
	}
	_ = os.Stdout
}
