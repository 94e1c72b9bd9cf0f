package instrument

import "testing"

// TestBlockTagsRenamed: a tag a block defines after naming the enclosing
// scope's is renamed from there to the block's end, in nested blocks too
// and not in a sibling; a block's own tag named ahead of its definition
// (no enclosing one), a forward declaration and text without such a tag
// are left as they are.
func TestBlockTagsRenamed(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"struct s { int a; };\nvoid f(void) { struct s x; struct s { long b; } y; { struct s z; } }\nvoid g(void) { struct s w; }\n",
			"struct s { int a; };\nvoid f(void) { struct s x; struct s__ml_tag0 { long b; } y; { struct s__ml_tag0 z; } }\nvoid g(void) { struct s w; }\n"},
		{"enum e { A };\nint f(void) { enum e a = A; enum e { B = 2 } b = B; return a + b + sizeof(enum e); }\n",
			"enum e { A };\nint f(void) { enum e a = A; enum e__ml_tag0 { B = 2 } b = B; return a + b + sizeof(enum e__ml_tag0); }\n"},
		{"void f(void) { struct s *p; struct s { int a; } x; p = &x; }\n", ""},
		{"struct s { int a; };\nvoid f(void) { struct s; struct s *p; struct s { int b; } x; }\n", ""},
		{"struct s { int a; };\nvoid f(void) { struct s { int b; } x; struct s y; char *c = \"struct s {\"; }\n", ""},
	} {
		want := tc.want
		if want == "" {
			want = tc.in
		}
		if got := string(withBlockTagsRenamed([]byte(tc.in))); got != want {
			t.Errorf("%q:\ngot  %q\nwant %q", tc.in, got, want)
		}
	}
}
