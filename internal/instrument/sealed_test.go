package instrument

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSealedSlots: in detection mode, optimised, the loads of the pointer
// members of testdata/sealed.c's pos_* structs skip the shadow's hash test
// (__ml_ld_sealed); those of every neg_* struct, each with one way its
// bytes can be written other than by a member store of the unit (or its
// member be misaligned, volatile, in a union…), take it (__ml_ld). With
// full checking nothing is sealed.
func TestSealedSlots(t *testing.T) {
	load := regexp.MustCompile(`->\s*(\w+)[\s)]*;\s*register __auto_type __ml_v\d+ = \*__ml_a\d+; __ml_m\d+ = (__ml_ld_sealed|__ml_ld)\(`)
	for _, full := range []bool{false, true} {
		out := codeAfterSites(t, full, "testdata/sealed.c")
		seen := map[string]string{}
		for _, m := range load.FindAllSubmatch(out, -1) {
			name, fn := string(m[1]), string(m[2])
			if !strings.HasPrefix(name, "pos_") && !strings.HasPrefix(name, "neg_") {
				continue
			}
			if old, ok := seen[name]; ok && old != fn {
				t.Errorf("full=%v: %s loaded by both %s and %s", full, name, old, fn)
			}
			seen[name] = fn
		}
		if len(seen) != 34 {
			t.Errorf("full=%v: found the loads of %d of the 34 members: %v", full, len(seen), seen)
		}
		for name, fn := range seen {
			want := "__ml_ld"
			if strings.HasPrefix(name, "pos_") && !full {
				want = "__ml_ld_sealed"
			}
			if fn != want {
				t.Errorf("full=%v: %s loaded by %s, want %s", full, name, fn, want)
			}
		}
	}
}

// TestSealedMoves: a sealed member moved in place with the access through
// it (*vm->sp++, *--vm->sp in bench/programs/vm.c) is one
// __ml_sealed_move_chk; the unit still compiles.
func TestSealedMoves(t *testing.T) {
	src, err := filepath.Abs("../../bench/programs/vm.c")
	if err != nil {
		t.Fatal(err)
	}
	cfg := newTestConfig(t, false)
	pre, err := Preprocess(cfg.cc, src)
	if err != nil {
		t.Fatal(err)
	}
	out, err := cfg.File(src, pre)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(out, []byte("__ml_sealed_move_chk_at(sizeof")); n != 2 {
		t.Errorf("%d sealed moves in vm.c, want 2 (push's and pop's)", n)
	}
	if bytes.Contains(out, []byte(" __ml_move_chk")) {
		t.Error("vm.c moves a member in place with the hash test")
	}
	tmp := filepath.Join(t.TempDir(), "vm.ml.c")
	if err := os.WriteFile(tmp, out, 0o644); err != nil {
		t.Fatal(err)
	}
	unitAssembly(t, tmp, out)
}
