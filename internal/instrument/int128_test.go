package instrument

import (
	"bytes"
	"maps"
	"testing"
)

// TestInt128CaseViews: a case label's constant naming __int128 or a
// typedef of it is `0` in the view, at its length and lines, its end kept
// by its offset; other labels, and words in literals, are left.
func TestInt128CaseViews(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ends     map[int]int
	}{
		{`case (__int128)1 << 70: f();`, `case 0                : f();`, map[int]int{5: 22}},
		{`typedef __int128 i128; typedef i128 w; switch (v) { case (w)1 << 70 :`, `typedef __int128 i128; typedef i128 w; switch (v) { case 0          :`, map[int]int{57: 67}},
		{`case (__uint128_t)1 ... (__int128_t)2: case 3:`, `case 0              ... 0            : case 3:`, map[int]int{5: 19, 24: 37}},
		{"case (x ? (__int128)1 << 70\n : 2):", "case 0                     \n     :", map[int]int{5: 33}},
		{`case 1 << 20: s = "case (__int128)1:"; case 'c':`, `case 1 << 20: s = "case (__int128)1:"; case 'c':`, nil},
		{`typedef struct { __int128 x; } s; case (s)1: case sizeof(__int128):`, `typedef struct { __int128 x; } s; case (s)1: case 0               :`, map[int]int{50: 66}},
		{`case (__int128)1`, `case (__int128)1`, nil},
	} {
		got, ends := int128CaseViews([]byte(tc.in))
		if string(got) != tc.want || !maps.Equal(ends, tc.ends) {
			t.Errorf("%s: got\n%s %v, want\n%s %v", tc.in, got, ends, tc.want, tc.ends)
		}
	}
}

// TestWideBitFields: the widths past 64 bits of bit-fields declared with
// __int128 or a typedef of it are found, by offset, with their end and
// value; a conditional's, a narrower one's and an int's are left.
func TestWideBitFields(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want map[int][2]int
	}{
		{`struct s { unsigned __int128 a : 100, b : 28; };`, map[int][2]int{33: {36, 100}}},
		{`typedef __int128 i; struct s { i a:65; __int128 :128; };`, map[int][2]int{35: {37, 65}, 49: {52, 128}}},
		{`struct s { __int128 a : 64; long b : 100; __int128 c : 129; };`, nil},
		{`__int128 v; int f(int c) { return c ? 1 : 100; }`, nil},
	} {
		if got := wideBitFields([]byte(tc.in)); !maps.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestWideBitFieldsInstrumented: a unit with a bit-field past 64 bits is
// instrumented, its declaration as written, and so is one cc/v4 would
// first place where gcc does not (after 40 bits of its unit): its view
// starts the next unit before it, as gcc does (`: 0,`, not written).
func TestWideBitFieldsInstrumented(t *testing.T) {
	cfg := newTestConfig(t, true)
	src := "struct s { unsigned __int128 lo : 100; unsigned __int128 hi : 28; __int128 s : 90; unsigned z : 3; };\n" +
		"int f(struct s *p) { p->lo += 3; p->s--; return p->hi > p->lo; }\n"
	_, _, out := writeInstrumentedCode(t, cfg, "wide.c", src)
	if !bytes.Contains(out, []byte("unsigned __int128 lo : 100; unsigned __int128 hi : 28; __int128 s : 90;")) {
		t.Errorf("the struct is not declared as written:\n%s", out[bytes.LastIndex(out, []byte("struct s {")):])
	}
	src = "struct m { unsigned long long a : 40; unsigned __int128 x : 100; int tail; };\n" +
		"int g(struct m *p) { p->x++; return p->tail; }\n"
	_, _, out = writeInstrumentedCode(t, cfg, "misplaced.c", src)
	if !bytes.Contains(out, []byte("unsigned long long a : 40; unsigned __int128 x : 100; int tail; };")) || !bytes.Contains(out, []byte("__ml_")) {
		t.Errorf("the misplaced field's unit is not instrumented with its struct as written:\n%s", out[bytes.LastIndex(out, []byte("struct m {")):])
	}
	u := newUnitText([]byte(src), nil)
	ast, err := cfg.translate("misplaced.c", u, false)
	if err != nil {
		t.Fatal(err)
	}
	if breaks, _ := u.misplacedWideFields(ast); breaks != nil || !bytes.Contains(u.view, []byte(": 0, x : 64, : 36;")) {
		t.Errorf("the view is not gcc's layout (%v):\n%s", breaks, u.view)
	}
}
