package instrument

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"modernc.org/token"
)

// TestColumn: a token of the compiler's preprocessed text gets its column
// in the user's source line, whose white space the text folded; a token of
// a macro's expansion gets the macro's.
func TestColumn(t *testing.T) {
	src := filepath.Join(t.TempDir(), "a.c")
	line := "\tint  y  =   SQ(*p)  +  one;"
	if err := os.WriteFile(src, []byte("#define SQ(x) ((x)*(x))\n"+line+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	text := " int y = ((*p)*(*p)) + one;"
	u := newUnitText([]byte("# 2 \""+src+"\"\n"+text+"\n"), nil)
	view := strings.Index(string(u.view), text)
	for _, tc := range []struct {
		tok  string
		nth  int // which occurrence in the text's line
		want string
	}{
		{"y", 0, "y"}, {"+", 0, "+"}, {"one", 0, "one"}, {"*", 1, "SQ"},
	} {
		k := -1
		for n := 0; n <= tc.nth; n++ {
			k += 1 + strings.Index(text[k+1:], tc.tok)
		}
		pos := token.Position{Filename: src, Line: 2, Column: k + 1, Offset: view + k}
		if got, want := u.column(pos), strings.Index(line, tc.want)+1; got != want {
			t.Errorf("%q #%d: column %d, want %d", tc.tok, tc.nth, got, want)
		}
	}
}

// TestUniversalCharacterNames: the view spells a universal character name
// of an identifier as its UTF-8 character (cc/v4 reads no other), keeps
// those of literals, and maps its offsets back to the text.
func TestUniversalCharacterNames(t *testing.T) {
	text := `int Lef\U000000e8vre = '\\', x\u00e9 = sizeof "\u00e9\"\U000000e8";` + "\n"
	u := newUnitText([]byte(text), nil)
	if want := `int Lefèvre = '\\', xé = sizeof "\u00e9\"\U000000e8";` + "\n"; string(u.view) != want {
		t.Fatalf("view %q, want %q", u.view, want)
	}
	for _, tok := range []string{"int", "=", "sizeof", ";"} {
		if got, want := u.origOffset(strings.LastIndex(string(u.view), tok)), strings.LastIndex(text, tok); got != want {
			t.Errorf("%q: text offset %d, want %d", tok, got, want)
		}
	}
}

// TestAlign: tokens are matched along a longest common subsequence, a
// common prefix one to one (matched without the table).
func TestAlign(t *testing.T) {
	toks := func(s string) []lineToken {
		var l []lineToken
		for i, w := range strings.Fields(s) {
			l = append(l, lineToken{text: w, col: i + 1})
		}
		return l
	}
	for _, tc := range []struct {
		a, b string
		want []int
	}{
		{"a b c", "a b c", []int{0, 1, 2}},
		{"x = f ( 1 )", "x = M ( 1 )", []int{0, 1, -1, 3, 4, 5}},
		{"x y z", "y z", []int{-1, 0, 1}},
		{"x y x", "x x", []int{0, -1, 1}},
		{"p q", "", []int{-1, -1}},
		{"", "x", []int{}},
	} {
		if got := align(toks(tc.a), toks(tc.b)); !slices.Equal(got, tc.want) {
			t.Errorf("align(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestSourceLineBesideMain: a line marker naming a file by a relative name
// the compiler's directory lacks (flex's `#line 2 "scan.l"` in a scan.c
// built out of tree) is read from the main file's directory, so a report's
// excerpt shows the grammar's line; a name found nowhere gives "".
func TestSourceLineBesideMain(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "scan.l"), []byte("%%\n[a-z]+   { return WORD; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	u := newUnitText([]byte("# 0 \""+filepath.Join(dir, "scan.c")+"\"\n# 2 \"scan.l\"\nint x;\n"), nil)
	if got, want := u.sourceLine("scan.l", 2), "[a-z]+   { return WORD; }"; got != want {
		t.Errorf("line 2 of scan.l: %q, want %q", got, want)
	}
	if got := u.sourceLine("parse.y", 1); got != "" {
		t.Errorf("line 1 of a missing parse.y: %q, want none", got)
	}
}
