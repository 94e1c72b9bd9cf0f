package instrument

import (
	"bytes"
	"fmt"
	"regexp"
	"testing"
)

// TestLiteralShadowsInConstructor: the unit's constructor writes the
// pointer shadow of every pointer a global's static initializer points at
// a literal, at its offset in the global (struct members past padding,
// designated elements), so loads of them verify inline; a static local's
// are left to the lookup by address (its registration comes later).
func TestLiteralShadowsInConstructor(t *testing.T) {
	code := "struct kw { int id; const char *name; const char *alias; };\n" +
		"static const struct kw kws[] = {{1, \"if\", \"when\"}, [2] = {3, .alias = \"else\"}};\n" +
		"char *greeting = \"hello\";\n" +
		"int use(void) { static const char *local[] = {\"x\"}; return kws[0].name[0] + greeting[0] + local[0][0]; }\n"
	_, src, out := writeInstrumentedCode(t, newTestConfig(t, false), "tables.c", code)
	ctor := out[bytes.Index(out, []byte("__ml_register_unit(void)")):]
	slots := regexp.MustCompile(`\{(\d+), (__ml_str\d+), &(__ml_str\d+)_m\}`).FindAllSubmatch(ctor, -1)
	var offs []string
	for _, s := range slots {
		if !bytes.Equal(s[2], s[3]) {
			t.Errorf("slot %s: value %s with %s's meta", s[1], s[2], s[3])
		}
		offs = append(offs, string(s[1]))
	}
	if got, want := fmt.Sprint(offs), "[8 16 64 0]"; got != want {
		t.Errorf("shadows written at offsets %s, want %s:\n%s", got, want, ctor)
	}
	unitAssembly(t, src, out)
}

// TestLiteralShadowsOfGlobalsNamedLikeItsLoop: a global named like a
// variable of the constructor's loop that writes the shadows (s, i) gets
// its shadows all the same: the loop's names are memlens's own (they hid
// the global, and its slots' shadows were written at the loop's table and
// counter instead).
func TestLiteralShadowsOfGlobalsNamedLikeItsLoop(t *testing.T) {
	code := "const char *s[] = {\"a\", \"b\"};\nchar *i = \"c\";\nint use(void) { return s[1][0] + i[0]; }\n"
	_, src, out := writeInstrumentedCode(t, newTestConfig(t, false), "names.c", code)
	asm := unitAssembly(t, src, out)
	start := bytes.Index(asm, []byte("\n__ml_register_unit:"))
	end := bytes.Index(asm, []byte(".size\t__ml_register_unit"))
	if start < 0 || end < start {
		t.Fatalf("no constructor in\n%s", asm)
	}
	ctor := asm[start:end]
	for _, global := range []string{"s", "i"} {
		if !regexp.MustCompile(`\b` + global + `(\+\d+)?\(%rip\)`).Match(ctor) {
			t.Errorf("the constructor writes no shadow in global %s:\n%s", global, ctor)
		}
	}
}
