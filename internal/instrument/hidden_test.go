package instrument

import (
	"reflect"
	"strings"
	"testing"
)

// TestWithoutHidden: what the front end cannot parse or evaluates
// otherwise than gcc (a static assertion on a packed struct's size) and
// memlens has no use for is blanked, lines and directives kept; the rest,
// and text that only looks alike, is left as it is. No input may hang the
// scan.
func TestWithoutHidden(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"_Static_assert(1'0 > 1);\nint x;", "                        \nint x;"},
		{"_Static_assert\n# 13 \"a.c\"\n (sizeof(int) == 4);", "              \n# 13 \"a.c\"\n                    "},
		{"_Static_assert(1, \"gone\");", "                          "},
		{"struct s { char c; } __attribute__((packed));\n_Static_assert(sizeof(struct s) == 1, \"p\");", "struct s { char c; } __attribute__((packed));\n                                           "},
		{"int f(void) { l: _Static_assert(1, \"x\"); return 0; }", "int f(void) { l:" + strings.Repeat(" ", 25) + "return 0; }"},
		{"# 1 \"a.c\"\n_Static_assert(1, \"x\");", "# 1 \"a.c\"\n                       "},
		{"x = _Static_assert(1, \"x\");", "x = _Static_assert(1, \"x\");"},
		{"[[nodiscard, __maybe_unused__]] int f(void);", "                                int f(void);"},
		{"[[deprecated(\"use g\")]] int f(void);", "                        int f(void);"},
		{"[[gnu::packed]] struct s;", "[[gnu::packed]] struct s;"},
		{"puts(\"_Static_assert(0);\");", "puts(\"_Static_assert(0);\");"},
		{"my_Static_assert(1);", "my_Static_assert(1);"},
		{"_Static_assert(1\n#", "_Static_assert(1\n#"},
		{"[[nodiscard", "[[nodiscard"},
		{"for (_Static_assert(1, \"x\");;) for(\n_Static_assert(1); i;) f(_Static_assert(1, \"y\"));", "for (                      ;;) for(\n                 ; i;) f(_Static_assert(1, \"y\"));"},
		{"xfor (_Static_assert(1, \"x\");;)", "xfor (_Static_assert(1, \"x\");;)"},
	} {
		if got := string(withoutHidden([]byte(tc.in))); got != tc.want {
			t.Errorf("%q: got\n%q, want\n%q", tc.in, got, tc.want)
		}
	}
	in := []byte("_Static_assert(1);")
	withoutHidden(in)
	if !strings.HasPrefix(string(in), "_Static_assert") {
		t.Errorf("the preprocessed text itself was changed: %q", in)
	}
}

// FuzzWithoutHidden: any text keeps its length and its lines through
// withoutHidden and withoutEmptyMembers, which blank what they take out,
// and its lines through withSeparableLiterals, whose octal escape is
// longer than the digit it writes (only what follows on the line moves).
func FuzzWithoutHidden(f *testing.F) {
	for _, s := range []string{"_Static_assert(1);", "_Static_assert\n# 1 \"a\"\n(1)", "[[nodiscard]] int f(void);", "x = 1'0; l: }", "_Static_assert((\n#", `"\x4" "f"`, "__alignof__ *(char (*)[2]){0}->x[1]++", "(c ?\n# 1 \"a\" 3 4\n((void*)0)\n# 1 \"a\"\n: s)->x", "(? (void*)0", "{ [0 ... 2].x[1 ... 1] = 1, [0x1 ... 3][0] = -(2) }", "enum { A }; x = A ?: 1; y = 'ab'; for (_Static_assert(1, \"\");;)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		blanked := withoutEmptyMembers(withoutHidden([]byte(s)))
		if len(blanked) != len(s) || strings.Count(string(blanked), "\n") != strings.Count(s, "\n") {
			t.Errorf("%q became %q", s, blanked)
		}
		if got := withSeparableLiterals(blanked); strings.Count(string(got), "\n") != strings.Count(s, "\n") {
			t.Errorf("%q became %q", s, got)
		}
		newUnitText([]byte(s), nil)
	})
}

// TestWithGNUAttributes: C23 attribute specifiers the front end cannot
// parse become the GNU attributes gcc reads alike; lines never move.
func TestWithGNUAttributes(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"struct [[gnu::packed]] s { char c; int i; };", "struct __attribute__((packed)) s { char c; int i; };"},
		{"[[__gnu__::noinline, gnu::section(\".x\")]] void f(void);", "__attribute__((noinline, section(\".x\"))) void f(void);"},
		{"int a [[gnu::aligned(16)]];", "int a __attribute__((aligned(16)));"},
		{"[[noreturn, clang::cold]] void f(void);", "                          void f(void);"},
		{"[[gnu::cold\n]] void f(void);", "[[gnu::cold\n]] void f(void);"},
		{"puts(\"[[gnu::cold]]\");", "puts(\"[[gnu::cold]]\");"},
		{"x = a[b[0]];", "x = a[b[0]];"},
		{"[[gnu::cold", "[[gnu::cold"},
	} {
		if got := string(withGNUAttributes([]byte(tc.in))); got != tc.want {
			t.Errorf("%q: got\n%q, want\n%q", tc.in, got, tc.want)
		}
	}
}

// TestWithEnumAttributesLast: GNU attributes between `enum` and its body
// move after the body's `}`; lines never move.
func TestWithEnumAttributesLast(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"enum __attribute__((packed)) e { A, B };", "enum                         e { A, B } __attribute__((packed));"},
		{"typedef enum __attribute__((__packed__)) __attribute((aligned(4)))\n{\n\tA = '}',\n} e_t;",
			"typedef enum                                                      \n{\n\tA = '}',\n} __attribute__((__packed__)) __attribute((aligned(4))) e_t;"},
		{"enum __attribute__((packed)) e x;", "enum __attribute__((packed)) e x;"},
		{"enum e { A } __attribute__((packed));", "enum e { A } __attribute__((packed));"},
		{"int enumerate; const char *s = \"enum __attribute__((packed)) {\";", "int enumerate; const char *s = \"enum __attribute__((packed)) {\";"},
		{"enum __attribute__((packed)) { A", "enum __attribute__((packed)) { A"},
	} {
		if got := string(withEnumAttributesLast([]byte(tc.in))); got != tc.want {
			t.Errorf("%q: got\n%q, want\n%q", tc.in, got, tc.want)
		}
	}
}

// TestWithSeparableLiterals: a literal starting with a hex digit that
// follows one ending in a hex escape starts with that digit's octal
// escape; nothing else changes, and lines never move.
func TestWithSeparableLiterals(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`s = "\x04""8";`, `s = "\x04""\070";`},
		{`s = "a\xf" "B";`, `s = "a\xf" "\102";`},
		{"s = \"\\xff\\x4\"\n# 3 \"a.c\"\n L\"b\";", "s = \"\\xff\\x4\"\n# 3 \"a.c\"\n L\"\\142\";"},
		{`s = L"\x1234" "5"; t = "\x004" u8"8";`, `s = L"\x1234" "\065"; t = "\x004" u8"\070";`},
		{`s = "\x04" "g";`, `s = "\x04" "g";`},
		{`s = "\\x04" "8";`, `s = "\\x04" "8";`},
		{`s = "\x" "8";`, `s = "\x" "8";`},
		{`c = '"'; s = "\x04" "8";`, `c = '"'; s = "\x04" "\070";`},
		{`n = 1'0; s = "\x04";`, `n = 1'0; s = "\x04";`},
		{`s = "\x04`, `s = "\x04`},
		{`"`, `"`},
	} {
		if got := string(withSeparableLiterals([]byte(tc.in))); got != tc.want {
			t.Errorf("%s: got\n%s, want\n%s", tc.in, got, tc.want)
		}
	}
}

// TestWithCharConstants: the character constants cc/v4 does not read are
// their values converted to their types; those it reads are left.
func TestWithCharConstants(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`c = u8'a';`, `c = ((unsigned char)'a');`},
		{`f(u8'\xff', u8'\'', u8'"');`, `f(((unsigned char)'\xff'), ((unsigned char)'\''), ((unsigned char)'"'));`},
		{`s = "u8'a'"; c = u8'b';`, `s = "u8'a'"; c = ((unsigned char)'b');`},
		{`c = 'a'; g = L'd'; h = L'\x12'; i = L'\777'; j = L'\u1234'; k = L'é'; s = u8"e" u"f" L"\x1234";`, `c = 'a'; g = L'd'; h = L'\x12'; i = L'\777'; j = L'\u1234'; k = L'é'; s = u8"e" u"f" L"\x1234";`},
		{`d = u'b'; e = U'c';`, `d = ((unsigned short)0x62); e = ((unsigned int)0x63);`},
		{`w = L'\x1234'; x = L'\xffffffff';`, `w = ((__typeof__(L'\0'))0x1234); x = ((__typeof__(L'\0'))0xffffffff);`},
		{`w = L'ab'; x = L'a\x1234'; y = u'\n'; z = U'\U0001F600';`, `w = ((__typeof__(L'\0'))0x62); x = ((__typeof__(L'\0'))0x1234); y = ((unsigned short)0xa); z = ((unsigned int)0x1f600);`},
		{`u'é' U'\'' u'\e' u'\777' u'\q'`, `((unsigned short)0xe9) ((unsigned int)0x27) ((unsigned short)0x1b) ((unsigned short)0x1ff) ((unsigned short)0x71)`},
		{`u'\U0001F600' L'\x100000000' u'' u'\u12'`, `u'\U0001F600' L'\x100000000' u'' u'\u12'`},
		{`mu8'a' xu'a' Lu'a' L_'a'`, `mu8'a' xu'a' Lu'a' L_'a'`},
		{"# 1 \"u8'a'.c\"\nu8'a'", "# 1 \"u8'a'.c\"\n((unsigned char)'a')"},
		{`u8'`, `((unsigned char)')`},
		{`a = 'ab'; case 'abcd': b = 'abcde'+'\377\377\377\377';`, `a = ((int)0x6162); case ((int)0x61626364): b = ((int)0x62636465)+((int)0xffffffff);`},
		{`c = '\n\0'; d = 'é'; e = '\x41\'\e?';`, `c = ((int)0xa00); d = ((int)0xc3a9); e = ((int)0x41271b3f);`},
		{`a = 'a'; b = '\''; c = '\x123a'; d = '\u00e9b'; e = '\400a'; f = '\q'; g = '';`, `a = 'a'; b = '\''; c = '\x123a'; d = '\u00e9b'; e = '\400a'; f = '\q'; g = '';`},
	} {
		if got := string(withCharConstants([]byte(tc.in))); got != tc.want {
			t.Errorf("%s: got\n%s, want\n%s", tc.in, got, tc.want)
		}
	}
}

// TestWithAlignofParens: an `__alignof__` operand without parentheses,
// which the front end cannot parse, is put in them where the text alone
// shows where it ends; lines never move.
func TestWithAlignofParens(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"n = __alignof__ x;", "n = __alignof__ (x);"},
		{"n = __alignof__ f() + 1;", "n = __alignof__ (f()) + 1;"},
		{"n = _Alignof s.a[2]->b * 2;", "n = _Alignof (s.a[2]->b) * 2;"},
		{"n = __alignof *(long *)p - 1;", "n = __alignof (*(long *)p) - 1;"},
		{"n = __alignof__ -x, m;", "n = __alignof__ (-x), m;"},
		{"n = __alignof__ (struct s){1}.c;", "n = __alignof__ (struct s){1}.c;"},
		{"n = __alignof__ *(struct s){1}.c;", "n = __alignof__ (*(struct s){1}.c);"},
		{"n = __alignof__ \"ab\" \"c\";", "n = __alignof__ (\"ab\" \"c\");"},
		{"n = __alignof__ sizeof(int) + x++;", "n = __alignof__ (sizeof(int)) + x++;"},
		{"n = __alignof__ x++ + 1;", "n = __alignof__ (x++) + 1;"},
		{"n = __alignof__(x);", "n = __alignof__(x);"},
		{"n = __alignof__ *(p) - 1;", "n = __alignof__ *(p) - 1;"},
		{"n = __alignof__ x\n  .y;", "n = __alignof__ x\n  .y;"},
		{"puts(\"__alignof__ x\");", "puts(\"__alignof__ x\");"},
		{"n = my__alignof__ x;", "n = my__alignof__ x;"},
		{"n = __alignof__", "n = __alignof__"},
	} {
		if got := string(withAlignofParens([]byte(tc.in))); got != tc.want {
			t.Errorf("%q: got\n%q, want\n%q", tc.in, got, tc.want)
		}
	}
}

// TestWithoutEmptyMembers: an empty declaration in a struct or union body,
// which the front end takes for a member, is blanked; nothing else is.
func TestWithoutEmptyMembers(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"struct s { ; int x; };", "struct s {   int x; };"},
		{"struct __attribute__((packed)) s { int x;; char c; };", "struct __attribute__((packed)) s { int x;  char c; };"},
		{"union { int a; struct { ; } in; float f[2];; } u;", "union { int a; struct {   } in; float f[2];  } u;"},
		{"struct s { int (*f)(int;); };", "struct s { int (*f)(int;); };"},
		{"struct s { struct t { int a; }; int b; };", "struct s { struct t { int a; }; int b; };"},
		{"for (;;) { struct s *p;; }", "for (;;) { struct s *p;; }"},
		{"puts(\"struct s { ; }\");", "puts(\"struct s { ; }\");"},
		{"struct s {\n# 3 \"a.h\"\n; int x; };", "struct s {\n# 3 \"a.h\"\n  int x; };"},
		{"mystruct s { ; };", "mystruct s { ; };"},
		{"struct s { ;", "struct s { ;"},
	} {
		if got := string(withoutEmptyMembers([]byte(tc.in))); got != tc.want {
			t.Errorf("%q: got\n%q, want\n%q", tc.in, got, tc.want)
		}
	}
}

// TestWithFloatConstants: an unsuffixed floating constant past double's
// range is +inf of type double, GNU's q and w suffixes are f128 and L;
// integers, other suffixes and what rounds to DBL_MAX or to zero are left.
func TestWithNumberConstants(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"d = 1e5000;", "d = (__builtin_inf());"},
		{"d = -1.5E+400 * 0x1p99999;", "d = -(__builtin_inf()) * (__builtin_inf());"},
		{"d = .9e309, e = 2e308;", "d = (__builtin_inf()), e = (__builtin_inf());"},
		{"d = 1.7976931348623158e308 + 1e-5000 + 1e308;", "d = 1.7976931348623158e308 + 1e-5000 + 1e308;"},
		{"f = 1e5000f + 1e5000L + 1e5000i + 1e50'00;", "f = 1e5000f + 1e5000L + 1e5000i + 1e50'00;"},
		{"n = 1" + strings.Repeat("0", 400) + " + 0x1e5000;", "n = 0 + 0x1e5000;"},
		{"a = 9223372036854775807 + 9223372036854775808 + 9223372036854775808LL + 18446744073709551615l;",
			"a = 9223372036854775807 + ((__int128)9223372036854775808u) + ((__int128)9223372036854775808u) + ((__int128)18446744073709551615u);"},
		{"b = 18446744073709551617 + 18446744073709551617uLL + 36893488147419103231u + 18446744073709551615u;",
			"b = 1 + 1uLL + 18446744073709551615u + 18446744073709551615u;"},
		{"c = 0x1ffffffffffffffff + 0x10000000000000001ll + 0200000000000000000000001U + 0b10000000000000000000000000000000000000000000000000000000000000011;",
			"c = 0xffffffffffffffff + 0x1ll + 01U + 0x3;"},
		{"d = 0xffffffffffffffff + 01777777777777777777777 + 18446744073709551616i + 1844674407370955161600'0 + 99999999999999999999999lL;",
			"d = 0xffffffffffffffff + 01777777777777777777777 + 18446744073709551616i + 1844674407370955161600'0 + 99999999999999999999999lL;"},
		{"s = \"1e5000\"; x1e5000;\n# 1e5000 \"a.c\"\n", "s = \"1e5000\"; x1e5000;\n# 1e5000 \"a.c\"\n"},
		{"q = 1.5Q + 2e3q + 0x1p3Q + 1e5000Q; w = 1.5w + .5W;", "q = 1.5f128 + 2e3f128 + 0x1p3f128 + 1e5000f128; w = 1.5L + .5L;"},
		{"n = 1Q + 0x1Q + 1.5Qi + 1.5fq + x1.5Q;", "n = 1Q + 0x1Q + 1.5Qi + 1.5fq + x1.5Q;"},
	} {
		if got := string(withNumberConstants([]byte(tc.in))); got != tc.want {
			t.Errorf("%q: got\n%q, want\n%q", tc.in, got, tc.want)
		}
	}
}

// TestWithConstantMiddles: a left-out middle operand is written out where
// the condition is numbers, parentheses and operators; any other condition
// is left, and lines never move.
func TestWithConstantMiddles(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"static int v1 = 34 ? : -1;", "static int v1 = 34 ? (34) : -1;"},
		{"f(-(1 << 3) ?: 2, 0x10UL == 16 ?: 3);", "f(-(1 << 3) ? (-(1 << 3)): 2, 0x10UL == 16 ? (0x10UL == 16): 3);"},
		{"return 1.5\n  ?: x;", "return 1.5\n  ? (1.5): x;"},
		{"a[2 >= 1 ?: 0] = c ? 0 : 7 ?: 1;", "a[2 >= 1 ? (2 >= 1): 0] = c ? 0 : 7 ? (7): 1;"},
		{"x +=\n 1 +\n 2 ?: 3;", "x +=\n 1 +\n 2 ? (1 +  2): 3;"},
		{"y = a + 34 ?: 1; y = f() ?: 1; y = (a, 1) ?: 2; y = 'a' ?: 1; y = sizeof(x) ?: 1;", "y = a + 34 ?: 1; y = f() ?: 1; y = (a, 1) ?: 2; y = 'a' ?: 1; y = sizeof(x) ?: 1;"},
		{"y = p[0] ?: 1; y = s.x ?: 1; y = (T)2 ?: 1; y = x ? 1 : 2; y = 1 ? 2 : 3;", "y = p[0] ?: 1; y = s.x ?: 1; y = (T)2 ?: 1; y = x ? 1 : 2; y = 1 ? 2 : 3;"},
		{"y = sizeof(int) ?: 1; y = (int)2 ?: 1; y = _Alignof(unsigned long) * 2 ?: 1;", "y = sizeof(int) ? (sizeof(int)): 1; y = (int)2 ? ((int)2): 1; y = _Alignof(unsigned long) * 2 ? (_Alignof(unsigned long) * 2): 1;"},
		{"s = \"1 ?: 2\"; c = '?';\n#pragma x 1 ?: 2\n", "s = \"1 ?: 2\"; c = '?';\n#pragma x 1 ?: 2\n"},
		{"y = 1\n# 3 \"a.h\"\n ?: 2;", "y = 1\n# 3 \"a.h\"\n ?: 2;"},
		{"1 ?: 2", "1 ?: 2"},
		{"enum e { A, B = (1, 2), C = f(A, B) };\nenum\n# 3 \"a.h\"\n{ D } x;\nint y = B ?: 1, z = (C + 1) ?: D ?: 2, w = E ?: 3; v = A.x ?: 4;",
			"enum e { A, B = (1, 2), C = f(A, B) };\nenum\n# 3 \"a.h\"\n{ D } x;\nint y = B ? (B): 1, z = (C + 1) ? ((C + 1)): D ? (D): 2, w = E ?: 3; v = A.x ?: 4;"},
	} {
		if got := string(withConstantMiddles([]byte(tc.in))); got != tc.want {
			t.Errorf("%q: got\n%q, want\n%q", tc.in, got, tc.want)
		}
	}
}

// TestWithNullPointerArms: a null pointer constant operand of a
// parenthesized conditional that is dereferenced is `0`; lines never move,
// and other conditionals, other operands and literals are left.
func TestWithNullPointerArms(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"x = (i == 0 ? ((void *)0) : s)->i;", "x = (i == 0 ? 0 : s)->i;"},
		{"x = (c ? s : (void*)0)[2] + (c ? f(a, b) : ( ( void * ) 0 ))->n;", "x = (c ? s : 0)[2] + (c ? f(a, b) : 0)->n;"},
		{"x = (a ? b ? ((void *)0) : t : u)->n; return (c ? (void *)0 : s)->i;", "x = (a ? b ? 0 : t : u)->n; return (c ? 0 : s)->i;"},
		{"x = (c ?\n ((void *)0) : s)->i;", "x = (c ?\n 0 : s)->i;"},
		{"x = (c ? \n# 18 \"a.c\" 3 4\n   ((void *)0) \n# 18 \"a.c\"\n   : s)->i;", "x = (c ? \n# 18 \"a.c\" 3 4\n   0 \n# 18 \"a.c\"\n   : s)->i;"},
		{"p = c ? ((void *)0) : s; p = (c ? ((void *)0) : s); f(c ? ((void *)0) : s)->i; x = (c ? s : ((void *)0), t)->i;",
			"p = c ? ((void *)0) : s; p = (c ? ((void *)0) : s); f(c ? ((void *)0) : s)->i; x = (c ? s : ((void *)0), t)->i;"},
		{"x = (c ? ((void *)1) : s)->i; y = (c ? \"?\" : ((void *)0))[0]; z = (c ? (void *)0 + 1 : s)->i;",
			"x = (c ? ((void *)1) : s)->i; y = (c ? \"?\" : ((void *)0))[0]; z = (c ? (void *)0 + 1 : s)->i;"},
	} {
		if got := string(withNullPointerArms([]byte(tc.in))); got != tc.want {
			t.Errorf("%q: got\n%q, want\n%q", tc.in, got, tc.want)
		}
	}
}

// TestWithRangesExpanded: a range designator followed by more designators
// is one designation an index where its bounds are numbers and its value
// has no side effect; lines never move, and other ranges are left.
func TestWithRangesExpanded(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"struct P ps[5] = { [0 ... 3].a[1] = 7, [2].b = 9 };", "struct P ps[5] = { [0].a[1] = 7, [1].a[1] = 7, [2].a[1] = 7, [3].a[1] = 7, [2].b = 9 };"},
		{"int m[4][2] = { [1 ... 0x2][1] = (int)3 * -N }; x = { [0 ... 1] .p = {1, 2}};", "int m[4][2] = { [1][1] = (int)3 * -N, [2][1] = (int)3 * -N }; x = { [0] .p = {1, 2}, [1] .p = {1, 2}};"},
		{"a = { [0 ... 3] = 1 }; b = { [0 ... N].x = 1 }; c = { [0 ... 1].x = f(1) }; d = { [0 ... 1].x = i++ };", "a = { [0 ... 3] = 1 }; b = { [0 ... N].x = 1 }; c = { [0 ... 1].x = f(1) }; d = { [0 ... 1].x = i++ };"},
		{"e = { [0 ... 1].x = \"s\" }; f = { [0 ... 1].x = 1\n }; g = { [0 ... 1].x = y = 1 }; h = { [0 ... 1000].x = 1 }; k = { [2 ... 1].x = 1 };",
			"e = { [0 ... 1].x = \"s\" }; f = { [0 ... 1].x = 1\n }; g = { [0 ... 1].x = y = 1 }; h = { [0 ... 1000].x = 1 }; k = { [2 ... 1].x = 1 };"},
		{"l = { [0 ... 1].x = a == b, [0 ... 1][0 ... 1] = 2 }; s = \"[0 ... 1].x = 1\";", "l = { [0].x = a == b, [1].x = a == b, [0 ... 1][0 ... 1] = 2 }; s = \"[0 ... 1].x = 1\";"},
	} {
		if got := string(withRangesExpanded([]byte(tc.in))); got != tc.want {
			t.Errorf("%q: got\n%q, want\n%q", tc.in, got, tc.want)
		}
	}
}

// TestWithTypeofTypeNames: a typeof of a type name starting with a keyword
// is the typeof of an lvalue of that type; expressions, typedef names and
// type names with parentheses or braces are left.
func TestWithTypeofTypeNames(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"typeof(float) c;", "typeof(*(float *)0) c;"},
		{"__typeof__ ( const struct s * ) p; __typeof(unsigned long) n;", "__typeof__ (*( const struct s *  *)0) p; __typeof(*(unsigned long *)0) n;"},
		{"typeof(void *) v; typeof(int\n) w;", "typeof(*(void * *)0) v; typeof(*(int\n *)0) w;"},
		{"typeof(int[3]) a; typeof(char *[n][2]) b;", "typeof(*(int (*)[3])0) a; typeof(*(char * (*)[n][2])0) b;"},
		{"typedef int myint; typeof(myint) a; typeof(myint *) b; typeof(other) c;", "typedef int myint; typeof(*(myint *)0) a; typeof(*(myint * *)0) b; typeof(other) c;"},
		{"typeof(a) b; typeof(size_t) n; typeof(int (*)(void)) f; typeof(struct { int x; }) s; typeof(void) *p;",
			"typeof(a) b; typeof(size_t) n; typeof(int (*)(void)) f; typeof(struct { int x; }) s; typeof(void) *p;"},
		{"s = \"typeof(int)\"; mytypeof(int); typeof(int", "s = \"typeof(int)\"; mytypeof(int); typeof(int"},
	} {
		if got := string(withTypeofTypeNames([]byte(tc.in))); got != tc.want {
			t.Errorf("%q: got\n%q, want\n%q", tc.in, got, tc.want)
		}
	}
}

// TestWithLocalLabelsRenamed: a block's local labels are renamed in that
// block where they are declared, defined and used; the function's own
// labels, struct members and conditional operands of the same name are
// left.
func TestWithLocalLabelsRenamed(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"{ goto l; ({ __label__ l, m; l: if (i) goto l; p = &&l; x = (long)&&l; s.l = 1; m:; }); l: ; }",
			"{ goto l; ({ __label__ __ml_label0_l, __ml_label0_m; __ml_label0_l: if (i) goto __ml_label0_l; p = &&__ml_label0_l; x = (long)&&__ml_label0_l; s.l = 1; __ml_label0_m:; }); l: ; }"},
		{"{ __label__ L;\n { __label__ L; L: goto L; }\n goto L; L: c ? L : 2; }",
			"{ __label__ __ml_label0_L;\n { __label__ __ml_label1_L; __ml_label1_L: goto __ml_label1_L; }\n goto __ml_label0_L; __ml_label0_L: c ? L : 2; }"},
		{"{\n# 3 \"a.h\"\n __label__ out; do out: x(); while (0); s = \"goto out\"; }",
			"{\n# 3 \"a.h\"\n __label__ __ml_label0_out; do __ml_label0_out: x(); while (0); s = \"goto out\"; }"},
		{"x = 1; __label__ l; l: ;", "x = 1; __label__ l; l: ;"},
		{"my__label__ l; { l: goto l; }", "my__label__ l; { l: goto l; }"},
	} {
		if got := string(withLocalLabelsRenamed([]byte(tc.in))); got != tc.want {
			t.Errorf("%q: got\n%q, want\n%q", tc.in, got, tc.want)
		}
	}
}

// TestTypedefNames: the names typedefs declare, not their tags, members,
// parameters or the types they are made of.
func TestTypedefNames(t *testing.T) {
	src := "typedef unsigned long size_t;\ntypedef struct s { int a, b[2]; } pair, *pairp;\n" +
		"typedef int (*compar)(const void *a, const void *b);\ntypedef __typeof__(sizeof 0) sz __attribute__((aligned(8)));\n" +
		"typedef size_t words[4];\nint typedefd; typedef enum { A, B } e;\nchar *s = \"typedef int fake;\";\n"
	got := typedefNames([]byte(src))
	want := map[string]bool{"size_t": true, "pair": true, "pairp": true, "compar": true, "sz": true, "words": true, "e": true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestWithStarBounds: `[*]` is a bound that is no constant; brackets with
// more, literals and directives are left.
func TestWithStarBounds(t *testing.T) {
	in := "int f(int a[*][ * ], int b[*p], char *s);\ns = \"[*]\";\n#pragma x [*]\n"
	want := "int f(int a[(0, 1)][(0, 1)], int b[*p], char *s);\ns = \"[*]\";\n#pragma x [*]\n"
	if got := string(withStarBounds([]byte(in))); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
