package rules

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// want is one expected error: on a line, at a column (0: any), with a
// message matching re.
type want struct {
	line, col int
	re        *regexp.Regexp
	matched   bool
}

var wantRE = regexp.MustCompile("# want (?:([0-9]+) )?(`[^`]*`|\"(?:[^\"\\\\]|\\\\.)*\")")

// wants reads the annotations of a testdata file: "# want [COL] `REGEXP`"
// at the end of the line the error is reported on (like go/analysis's
// "// want").
func wants(t *testing.T, src string) []*want {
	var ws []*want
	for i, line := range strings.Split(src, "\n") {
		for _, m := range wantRE.FindAllStringSubmatch(line, -1) {
			w := &want{line: i + 1}
			if m[1] != "" {
				w.col, _ = strconv.Atoi(m[1])
			}
			pat, err := strconv.Unquote(m[2])
			if err != nil {
				t.Fatalf("line %d: bad want %s: %v", i+1, m[2], err)
			}
			w.re = regexp.MustCompile(pat)
			ws = append(ws, w)
		}
		if strings.Contains(line, "# want") && !wantRE.MatchString(line) {
			t.Fatalf("line %d: malformed want annotation: %s", i+1, line)
		}
	}
	return ws
}

// TestTestdata checks every testdata file: each error is wanted at its line
// (and column), each want is met.
func TestTestdata(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.rules")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			ws := wants(t, string(src))
			_, err = Load(filepath.Base(path), src)
			var list []*Error
			var fe *FileError
			if errors.As(err, &fe) {
				list = fe.List
			} else if err != nil {
				t.Fatal(err)
			}
			for _, e := range list {
				if e.Note {
					continue
				}
				if e.File != filepath.Base(path) {
					t.Errorf("%v: wrong file name", e)
				}
				found := false
				for _, w := range ws {
					if !w.matched && w.line == e.Pos.Line && (w.col == 0 || w.col == e.Pos.Col) && w.re.MatchString(e.Msg) {
						w.matched, found = true, true
						break
					}
				}
				if !found {
					t.Errorf("unexpected error %v", e)
				}
			}
			for _, w := range ws {
				if !w.matched {
					t.Errorf("%s:%d:%d: no error matching %q", filepath.Base(path), w.line, w.col, w.re)
				}
			}
		})
	}
}

// TestErrorFormat checks the gcc form of a message and that Load fails.
func TestErrorFormat(t *testing.T) {
	src := "rule DOUBLE-FREE\n  detect free r\n  when Allocated(r) && Freed(r, r1\n  locate VPC(r), VPC(r1)\n"
	_, err := Load("x.rules", []byte(src))
	if err == nil {
		t.Fatal("no error")
	}
	const wantMsg = "x.rules:3:35: error: expected ')' before 'locate'"
	if err.Error() != wantMsg {
		t.Fatalf("got %q, want %q", err.Error(), wantMsg)
	}
}

// TestFormatRoundTrip checks that the canonical form of a file parses back
// to itself, with the same checks.
func TestFormatRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.rules")
	files = append(files, "default.rules")
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		roundTrip(t, path, src)
	}
}

// roundTrip checks Format on the file src holds, if it parses.
func roundTrip(t *testing.T, name string, src []byte) {
	t.Helper()
	f, err := Parse(name, src)
	if err != nil {
		return
	}
	out := Format(f)
	g, err := Parse(name, []byte(out))
	if err != nil {
		t.Fatalf("%s: the canonical form does not parse: %v\n%s", name, err, out)
	}
	if again := Format(g); again != out {
		t.Fatalf("%s: Format is not stable:\n%s\n---\n%s", name, out, again)
	}
	_, err1 := Load(name, src)
	_, err2 := Load(name, []byte(out))
	if (err1 == nil) != (err2 == nil) {
		t.Fatalf("%s: checks differently once formatted: %v / %v\n%s", name, err1, err2, out)
	}
}

// TestExpressionPrinting checks the parentheses Format keeps.
func TestExpressionPrinting(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{"!(a && b)", "!(a && b)"},
		{"!a && b", "!a && b"},
		{"(a || b) && c", "(a || b) && c"},
		{"a || b && c", "a || b && c"},
		{"(exists b in H: x) && y", "(exists b in H: x) && y"},
		{"y && exists b in H: x && z", "y && exists b in H: x && z"},
		{"a - (b - c) == 1", "a - (b - c) == 1"},
		{"(a - b) - c == 1", "a - b - c == 1"},
		{"(Word(b, 0) & 1) == 1", "Word(b, 0) & 1 == 1"},
		{"(a + b) & c == 0", "(a + b) & c == 0"},
		{"!(forall b in F: x) || y", "!(forall b in F: x) || y"},
		{"(a == b) == (c == d)", "(a == b) == (c == d)"},
	} {
		f, err := Parse("t.rules", []byte("def T() = "+c.in))
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if got := FormatExpr(f.Defs[0].Body); got != c.out {
			t.Errorf("%s: got %s, want %s", c.in, got, c.out)
		}
	}
}

// TestDocumented: docs/RULES.md describes every predicate, function and
// detection point of the language.
func TestDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "RULES.md"))
	if err != nil {
		t.Fatal(err)
	}
	for name := range builtins {
		if !strings.Contains(string(doc), "| `"+name+"(") {
			t.Errorf("docs/RULES.md has no row for %s", name)
		}
	}
	for _, n := range []string{"`FindLast(", "`dom(H)`", "`exists b in H"} {
		if !strings.Contains(string(doc), n) {
			t.Errorf("docs/RULES.md does not describe %s", n)
		}
	}
	for _, p := range pointNames {
		if !strings.Contains(string(doc), "`"+p+" ") {
			t.Errorf("docs/RULES.md does not describe the detection point %s", p)
		}
	}
	for _, e := range Events {
		if !strings.Contains(string(doc), "| `"+e) {
			t.Errorf("docs/RULES.md does not describe FindLast's event %s", e)
		}
	}
}
