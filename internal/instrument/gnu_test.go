package instrument

import (
	"bytes"
	"maps"
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

// TestRegisterVariables: a local register variable declared without an
// initializer (`register char *sp asm("rsp");`) is not given memlens's
// garbage address, which wrote the stack pointer, nor, in full mode, an
// origin saying it is undefined.
func TestRegisterVariables(t *testing.T) {
	src := "long f(void) { register char *sp asm(\"rsp\"); register long r12 asm(\"r12\"); char *p = sp; return r12 + (p != 0); }\n"
	for _, full := range []bool{false, true} {
		_, _, out := writeInstrumentedCode(t, newTestConfig(t, full), "reg.c", src)
		text := functionText(out, "long f(")
		if !bytes.Contains(text, []byte(`register char *sp asm("rsp");`)) || !bytes.Contains(text, []byte(`register long r12 asm("r12");`)) {
			t.Errorf("full=%v: a register variable is not declared as written:\n%s", full, text)
		}
		if bytes.Contains(text, []byte("__ml_use_v")) {
			t.Errorf("full=%v: a read of r12 is checked for definedness:\n%s", full, text)
		}
	}
}

// TestHasAttribute: gcc 9's __builtin_has_attribute, which cc/v4 does not
// parse, reaches gcc as written in an instrumented unit.
func TestHasAttribute(t *testing.T) {
	src := "int g __attribute__((aligned(16)));\nint f(int *p) { return p[1] + __builtin_has_attribute(g, aligned(16)) + __builtin_has_attribute(int, packed); }\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "has.c", src)
	text := functionText(out, "int f(")
	if !bytes.Contains(text, []byte("__builtin_has_attribute(g, aligned(16))")) || !bytes.Contains(text, []byte("__builtin_has_attribute(int, packed)")) || !bytes.Contains(text, []byte("__ml_")) {
		t.Errorf("the queries are not as written in an instrumented f:\n%s", text)
	}
}

// TestObjectSizeOperand: the operand of gcc's object size builtins, which
// gcc never evaluates, is as written in full mode too: a definedness
// check in it was a side effect, which made gcc answer "unknown" (-1).
func TestObjectSizeOperand(t *testing.T) {
	src := "#include <stdlib.h>\nunsigned long f(int n) { char *b = malloc(n); return __builtin_object_size(b, 0) + __builtin_dynamic_object_size(b + 1, 0); }\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, true), "size.c", src)
	text := functionText(out, "unsigned long f(")
	if !bytes.Contains(text, []byte("__builtin_object_size(b, 0)")) || !bytes.Contains(text, []byte("__builtin_dynamic_object_size(b + 1, 0)")) {
		t.Errorf("an object size's operand is not as written:\n%s", text)
	}
}

// TestIfuncResolvers: a function an ifunc attribute names as its resolver
// is left as written, in both modes (the dynamic linker calls it before the
// runtime is set up), and the functions it returns are instrumented.
func TestIfuncResolvers(t *testing.T) {
	names := ifuncResolvers([]byte(`int a(void) __attribute__((ifunc ( "pick"))); int b(void) __attribute__((__ifunc__("pick2"))); char *s = "ifunc(\"no\")";`))
	if !maps.Equal(names, map[string]bool{"pick": true, "pick2": true}) {
		t.Errorf("resolvers %v", names)
	}
	src := "static int one(int *p) { return p[1]; }\nstatic void *pick(void) { int (*f)(int *) = one; return (void *)f; }\nint api(int *) __attribute__((ifunc(\"pick\")));\n"
	for _, full := range []bool{false, true} {
		_, _, out := writeInstrumentedCode(t, newTestConfig(t, full), "ifunc.c", src)
		if text := functionText(out, "static void *pick("); bytes.Contains(text, []byte("__ml_")) {
			t.Errorf("full=%v: the resolver is instrumented:\n%s", full, text)
		}
		if text := functionText(out, "static int one("); !bytes.Contains(text, []byte("__ml_")) {
			t.Errorf("full=%v: the function it returns is not instrumented:\n%s", full, text)
		}
	}
}
