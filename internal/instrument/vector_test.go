package instrument

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestConvertVector: gcc 9's __builtin_convertvector(v, type), which
// cc/v4 does not parse, reaches gcc as written in an instrumented unit,
// both modes, and the store of its result is checked; gcc compiles it.
func TestConvertVector(t *testing.T) {
	src := "typedef int v4si __attribute__((vector_size(16)));\ntypedef double v4df __attribute__((vector_size(32)));\n" +
		"void f(v4df *out, const v4si *in, int i) { out[i] = __builtin_convertvector(in[i] * 3, v4df) / 2; }\n"
	for _, full := range []bool{false, true} {
		dir, path, out := writeInstrumentedCode(t, newTestConfig(t, full), "conv.c", src)
		if !bytes.Contains(out, []byte("__builtin_convertvector(in[i] * 3, v4df)")) {
			t.Errorf("full=%v: the conversion is not as written:\n%s", full, functionText(out, "void f("))
		}
		if !bytes.Contains(functionText(out, "void f("), []byte("__ml_")) {
			t.Errorf("full=%v: f is not instrumented:\n%s", full, functionText(out, "void f("))
		}
		if b, err := exec.Command("gcc", append(UnitFlags(out), "-O2", "-w", "-c", path, "-o", filepath.Join(dir, "out.o"))...).CombinedOutput(); err != nil {
			t.Errorf("full=%v: gcc: %v\n%s", full, err, b)
		}
	}
}
