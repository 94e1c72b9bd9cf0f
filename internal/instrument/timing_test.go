package instrument

import (
	"os"
	"testing"
	"time"
)

func TestTiming(t *testing.T) {
	f := os.Getenv("MEMLENS_TIME")
	if f == "" {
		t.Skip()
	}
	t0 := time.Now()
	cfg, err := NewConfig("gcc", []string{"-O2"})
	if err != nil {
		t.Fatal(err)
	}
	t1 := time.Now()
	if _, err := cfg.File(f); err != nil {
		t.Fatal(err)
	}
	t2 := time.Now()
	if _, err := cfg.File(f); err != nil {
		t.Fatal(err)
	}
	t3 := time.Now()
	t.Logf("config %v, file %v, again %v", t1.Sub(t0), t2.Sub(t1), t3.Sub(t2))
}
