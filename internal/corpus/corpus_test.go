package corpus

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"memlens/internal/report"
)

func write(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
	return p
}

const single = `/* A test program.
 * memlens:cflags -pthread -DN=3
 * memlens:args one two
 */
#include <stdlib.h>
// memlens:options quarantine=0:verbosity=1 halt=0
// memlens:stdin single.in
// memlens:exit 3
int main(void)
{
	const char *s = "// want DOUBLE-FREE";   /* not a comment */
	char q = '"'; const char *t = "\"/* want X */";
	int *p = malloc(4);
	p[1] = q + t[0] + s[0]; // want HEAP-BUFFER-OVERFLOW
	free(p);
	free(p); /* want DOUBLE-FREE */
	return p[0]; //want DANGLING-POINTER-DEREF   NULL-POINTER-DEREF
}
// a comment mentioning the wanted kinds is not an annotation
`

func TestLoadSingle(t *testing.T) {
	dir := t.TempDir()
	path := write(t, dir, "single.c", single)
	write(t, dir, "single.in", "input\n")
	p, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	want := &Program{
		Name:    "single",
		Path:    path,
		Dir:     dir,
		Sources: []string{"single.c"},
		Wants: []Want{
			{Kind: "HEAP-BUFFER-OVERFLOW", File: "single.c", Line: 14},
			{Kind: "DOUBLE-FREE", File: "single.c", Line: 16},
			{Kind: "DANGLING-POINTER-DEREF", File: "single.c", Line: 17},
			{Kind: "NULL-POINTER-DEREF", File: "single.c", Line: 17},
		},
		CFlags:  []string{"-pthread", "-DN=3"},
		Args:    []string{"one", "two"},
		Options: []string{"quarantine=0", "verbosity=1", "halt=0"},
		Stdin:   "single.in",
		Exit:    3,
	}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("Load:\ngot  %+v\nwant %+v", p, want)
	}
	if got := p.OptionString(); got != "quarantine=0:verbosity=1:halt=0" {
		t.Errorf("OptionString() = %q", got)
	}
	if got := p.Files(); !reflect.DeepEqual(got, []string{"single.c", "single.in"}) {
		t.Errorf("Files() = %q", got)
	}
}

func TestLoadDirectoryProgram(t *testing.T) {
	dir := t.TempDir()
	pd := filepath.Join(dir, "vec")
	write(t, pd, "vec.h", "static inline int get(int *v, int i)\n{\n\treturn v[i]; // want HEAP-BUFFER-OVERFLOW\n}\n")
	write(t, pd, "main.c", "#include \"vec.h\"\n/* memlens:stdin input.txt */\nint main(void) { return 0; }\n")
	write(t, pd, "util.c", "int util;\n")
	write(t, pd, "input.txt", "x\n")
	write(t, pd, "README", "not a source\n")
	p, err := Load(pd)
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "vec" || p.Dir != pd ||
		!reflect.DeepEqual(p.Sources, []string{"main.c", "util.c"}) ||
		!reflect.DeepEqual(p.Headers, []string{"vec.h"}) ||
		!reflect.DeepEqual(p.Wants, []Want{{Kind: "HEAP-BUFFER-OVERFLOW", File: "vec.h", Line: 3}}) ||
		p.Stdin != "input.txt" {
		t.Errorf("Load(dir) = %+v", p)
	}
	if got := p.Files(); !reflect.DeepEqual(got, []string{"main.c", "util.c", "vec.h", "input.txt"}) {
		t.Errorf("Files() = %q", got)
	}
}

func TestLoadDir(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "b.c", "int main(void) { return 0; }\n")
	write(t, dir, "a.c", "int main(void) { return 0; }\n")
	write(t, dir, "a.in", "data\n")
	write(t, dir, "c/main.c", "int main(void) { return 0; }\n")
	write(t, dir, ".hidden.c", "garbage /* want NOPE */\n")
	write(t, dir, "_wip/x.c", "garbage /* want NOPE */\n")
	progs, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range progs {
		names = append(names, p.Name)
	}
	if !reflect.DeepEqual(names, []string{"a", "b", "c"}) {
		t.Errorf("LoadDir names = %q", names)
	}

	write(t, dir, "d.c", "int x; // want BOGUS\n")
	if _, err := LoadDir(dir); err == nil || !strings.Contains(err.Error(), "d.c:1:") {
		t.Errorf("LoadDir with a bad program: err = %v", err)
	}
	if _, err := LoadDir(filepath.Join(dir, "missing")); err == nil {
		t.Errorf("LoadDir(missing) succeeded")
	}
}

func TestLoadErrors(t *testing.T) {
	cases := []struct {
		name, src string
		line      int
		detail    string
	}{
		{"misspelt kind", "int main(void)\n{\n\treturn 0; // want HEAP-BUFER-OVERFLOW\n}\n", 3,
			`unknown kind "HEAP-BUFER-OVERFLOW" in want annotation (did you mean HEAP-BUFFER-OVERFLOW?); expected one of HEAP-BUFFER-OVERFLOW,`},
		{"lowercase kind", "int x; /* want double-free */\n", 1, `unknown kind "double-free" in want annotation (did you mean DOUBLE-FREE?)`},
		{"prose after kind", "int x; // want DOUBLE-FREE because\n", 1, `unknown kind "because"`},
		{"no kind", "\nint x; // want\n", 2, "want annotation names no kind; expected \"want KIND [KIND...]\""},
		{"no kind block", "int x; /* want */\n", 1, "names no kind"},
		{"own line", "int x;\n// want DOUBLE-FREE\nint y;\n", 2, "want annotation must end a line of code"},
		{"duplicate kind", "int x; // want DOUBLE-FREE DOUBLE-FREE\n", 1, "named twice"},
		{"bad qualifier", "int x; // want free:DOUBLE-FREE\n", 1, "bad qualifier"},
		{"role before mode", "int x; // want alloc:full:MEMORY-LEAK\n", 1, "bad qualifier"},
		{"unknown directive", "/*\n * memlens:cflag -pthread\n */\n", 2, "unknown directive memlens:cflag; expected one of cflags, args, options, stdin, exit"},
		{"empty directive", "// memlens: cflags\n", 1, "expected a directive name"},
		{"two directives", "// memlens:args a memlens:exit 2\n", 1, "one memlens: directive per line"},
		{"cflags empty", "// memlens:cflags\n", 1, "needs at least one compiler flag"},
		{"args empty", "// memlens:args   \n", 1, "needs at least one argument"},
		{"bad option", "// memlens:options a=1:b\n", 1, `item "b": expected K=V`},
		{"exit word", "// memlens:exit three\n", 1, "expected an exit status 0..255"},
		{"exit big", "// memlens:exit 256\n", 1, "expected an exit status 0..255"},
		{"exit twice", "// memlens:exit 1\n// memlens:exit 2\n", 2, "second memlens:exit (first at"},
		{"stdin missing", "\n\n// memlens:stdin nothere.txt\n", 3, "no such file beside the program"},
		{"stdin path", "// memlens:stdin ../etc/passwd\n", 1, "expected a file name beside the program"},
		{"stdin two args", "// memlens:stdin a b\n", 1, "exactly one file name"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := write(t, dir, "bad.c", c.src)
			_, err := Load(path)
			if err == nil {
				t.Fatalf("Load succeeded on %q", c.src)
			}
			prefix := path + ":" + strconv.Itoa(c.line) + ": "
			if !strings.HasPrefix(err.Error(), prefix) {
				t.Errorf("error %q does not start with %q", err, prefix)
			}
			if !strings.Contains(err.Error(), c.detail) {
				t.Errorf("error %q does not contain %q", err, c.detail)
			}
		})
	}
}

func TestLoadKinds(t *testing.T) {
	dir := t.TempDir()
	path := write(t, dir, "lockorder.c", "int x; // want LOCK-ORDER-VIOLATION\n")
	if _, err := Load(path); err == nil {
		t.Errorf("Load accepted a kind not in Kinds")
	}
	p, err := LoadKinds(path, append([]string{"LOCK-ORDER-VIOLATION"}, Kinds...))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p.Wants, []Want{{Kind: "LOCK-ORDER-VIOLATION", File: "lockorder.c", Line: 1}}) {
		t.Errorf("Wants = %v", p.Wants)
	}
}

func TestLoadNotAProgram(t *testing.T) {
	dir := t.TempDir()
	if _, err := Load(write(t, dir, "x.txt", "")); err == nil {
		t.Errorf("Load(x.txt) succeeded")
	}
	if err := os.Mkdir(filepath.Join(dir, "empty"), 0o777); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(filepath.Join(dir, "empty")); err == nil || !strings.Contains(err.Error(), "no .c file") {
		t.Errorf("Load(empty dir) err = %v", err)
	}
	if _, err := Load(filepath.Join(dir, "missing.c")); err == nil {
		t.Errorf("Load(missing.c) succeeded")
	}
}

func TestMatch(t *testing.T) {
	p := &Program{Wants: []Want{
		{Kind: "HEAP-BUFFER-OVERFLOW", File: "a.c", Line: 10},
		{Kind: "DOUBLE-FREE", File: "a.c", Line: 20},
		{Kind: "HEAP-BUFFER-OVERFLOW", File: "vec.h", Line: 3},
		{Kind: "MEMORY-LEAK", File: "a.c", Line: 30},
		{Kind: "MEMORY-LEAK", File: "a.c", Line: 5, Role: RoleAlloc},
	}}
	recs := []report.Record{
		{Kind: "HEAP-BUFFER-OVERFLOW", File: "/tmp/x/src/a.c", Line: 10},
		{Kind: "HEAP-BUFFER-OVERFLOW", File: "a.c", Line: 10},   // same want again: fine
		{Kind: "DOUBLE-FREE", File: "a.c", Line: 21},            // wrong line
		{Kind: "DANGLING-POINTER-DEREF", File: "a.c", Line: 20}, // wrong kind
		{Kind: "HEAP-BUFFER-OVERFLOW", File: "./vec.h", Line: 3},
		{Kind: "HEAP-BUFFER-OVERFLOW", File: "b/a.h", Line: 3}, // wrong file
		// lost at line 30, allocated at line 5: both wants
		{Kind: "MEMORY-LEAK", File: "a.c", Line: 30, Alloc: &report.Event{File: "src/a.c", Line: 5}},
	}
	missing, unexpected := p.Match(recs)
	if !reflect.DeepEqual(missing, []Want{{Kind: "DOUBLE-FREE", File: "a.c", Line: 20}}) {
		t.Errorf("missing = %v", missing)
	}
	if len(unexpected) != 3 || unexpected[0].Line != 21 || unexpected[1].Kind != "DANGLING-POINTER-DEREF" || unexpected[2].File != "b/a.h" {
		t.Errorf("unexpected = %v", unexpected)
	}

	missing, unexpected = (&Program{}).Match(nil)
	if missing != nil || unexpected != nil {
		t.Errorf("empty Match = %v, %v", missing, unexpected)
	}
	if s := p.Wants[0].String(); s != "HEAP-BUFFER-OVERFLOW at a.c:10" {
		t.Errorf("Want.String() = %q", s)
	}
}

func TestMatchChains(t *testing.T) {
	p := &Program{Wants: []Want{
		{Kind: "DOUBLE-FREE", File: "t.c", Line: 40},
		{Kind: "DOUBLE-FREE", File: "t.c", Line: 23, Role: RoleChain},
		{Kind: "DOUBLE-FREE", File: "t.c", Line: 32, Role: RoleFreeChain},
		{Kind: "DOUBLE-FREE", File: "t.c", Line: 13, Role: RoleOrigin},
		{Kind: "DOUBLE-FREE", File: "t.c", Line: 32, Role: RoleChain},  // the first chain does not pass there
		{Kind: "DOUBLE-FREE", File: "t.c", Line: 16, Role: RoleOrigin}, // a step, not the origin
	}}
	rec := report.Record{Kind: "DOUBLE-FREE", File: "src/t.c", Line: 40, Chains: [][]report.Step{
		{{File: "src/t.c", Line: 23}, {File: "t.c", Line: 16}, {File: "src/t.c", Line: 13, Origin: report.OriginAllocation}},
		{{File: "t.c", Line: 32}, {File: "t.c", Line: 23}},
	}}
	missing, unexpected := p.Match([]report.Record{rec})
	want := []Want{p.Wants[4], p.Wants[5]}
	if !reflect.DeepEqual(missing, want) || len(unexpected) != 0 {
		t.Errorf("Match = %v, %v; want %v and nothing unexpected", missing, unexpected, want)
	}
	// a record only a chain role describes is still unexpected
	only := &Program{Wants: p.Wants[1:2]}
	if _, unexpected := only.Match([]report.Record{rec}); len(unexpected) != 1 {
		t.Errorf("a record matched by a chain role alone: unexpected = %v", unexpected)
	}
	ws, err := parseWants("x; // want full:chain:DOUBLE-FREE origin:NULL-POINTER-DEREF\n")
	if err != nil || len(ws) != 2 || ws[0].Role != RoleChain || ws[0].Mode != ModeFull || ws[1].Role != RoleOrigin {
		t.Errorf("parsing chain roles: %+v, %v", ws, err)
	}
	if _, err := parseWants("x; // want chain:DOUBLE-FREE origin:NULL-POINTER-DEREF freechain:full:DOUBLE-FREE\n"); err == nil ||
		!strings.Contains(err.Error(), "bad qualifier") {
		t.Errorf("a mode after a role: %v", err)
	}
}

// An after want allows a follow-on report once an expected one came; it
// is never missing and names no bug of its own.
func TestMatchAfter(t *testing.T) {
	ws, err := parseWants("x; // want STACK-BUFFER-OVERFLOW\ny; // want detect:after:INVALID-DEREF\n")
	if err != nil || len(ws) != 2 || ws[1].Role != RoleAfter || ws[1].Mode != ModeDetect || ws[1].Describes() {
		t.Fatalf("parsing after: %+v, %v", ws, err)
	}
	p := &Program{Wants: ws}
	if bugs := p.Bugs(); len(bugs) != 1 || bugs[0].Line != 1 {
		t.Errorf("Bugs = %v, want the first want alone", bugs)
	}
	bug := report.Record{Kind: "STACK-BUFFER-OVERFLOW", File: "p.c", Line: 1}
	then := report.Record{Kind: "INVALID-DEREF", File: "p.c", Line: 2}
	for _, c := range []struct {
		name       string
		recs       []report.Record
		missing    int
		unexpected int
	}{
		{"the bug alone", []report.Record{bug}, 0, 0},
		{"the bug and its follow-on", []report.Record{bug, then}, 0, 0},
		{"the follow-on first", []report.Record{then, bug}, 0, 1},
		{"the follow-on alone", []report.Record{then}, 1, 1},
	} {
		missing, unexpected := p.Match(c.recs)
		if len(missing) != c.missing || len(unexpected) != c.unexpected {
			t.Errorf("%s: Match = %v, %v; want %d missing, %d unexpected", c.name, missing, unexpected, c.missing, c.unexpected)
		}
	}
}

func TestMatchCauseAndBlockAlloc(t *testing.T) {
	rec := report.Record{Kind: "DOUBLE-FREE", File: "t.c", Line: 40,
		Stack:  []report.Frame{{File: "t.c", Line: 40}, {File: "t.c", Line: 50}},
		Block:  &report.Block{Alloc: &report.Event{File: "t.c", Line: 9}},
		Chains: [][]report.Step{{{File: "t.c", Line: 23}}, {{File: "t.c", Line: 31}}}}
	for _, c := range []struct {
		w    Want
		want bool
	}{
		{Want{Kind: "DOUBLE-FREE", File: "t.c", Line: 31, Role: RoleCause}, true},     // a step of the second chain
		{Want{Kind: "DOUBLE-FREE", File: "t.c", Line: 50, Role: RoleCause}, true},     // an outer frame
		{Want{Kind: "DOUBLE-FREE", File: "t.c", Line: 9, Role: RoleCause}, true},      // the block's allocation
		{Want{Kind: "DOUBLE-FREE", File: "t.c", Line: 77, Role: RoleCause}, false},    // named nowhere
		{Want{Kind: "UNMATCHED-FREE", File: "t.c", Line: 31, Role: RoleCause}, false}, // another kind
		{Want{Kind: "DOUBLE-FREE", File: "t.c", Line: 9, Role: RoleAlloc}, true},      // the accessed block's allocation
	} {
		if got := c.w.Matches(&rec); got != c.want {
			t.Errorf("%v matches = %v, want %v", c.w, got, c.want)
		}
	}
	if ws, err := parseWants("x; // want cause:DOUBLE-FREE\n"); err != nil || len(ws) != 1 || ws[0].Role != RoleCause || ws[0].Describes() {
		t.Errorf("parsing cause: %+v, %v", ws, err)
	}
	if ws, err := parseWants("/* memlens:bench */\nx;\n"); err != nil || len(ws) != 0 {
		t.Errorf("memlens:bench: %+v, %v", ws, err)
	}
}

// The flag directives take no argument: memlens:typestate marks a program
// annotated with typestates.
func TestFlagDirectives(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []struct {
		name string
		flag func(*Program) bool
	}{
		{"typestate", func(p *Program) bool { return p.Typestate }},
	} {
		for _, c := range []struct {
			src string
			set bool
			err string
		}{
			{"/* memlens:bench\n * memlens:" + d.name + "\n */\nint main(void) { return 0; }\n", true, ""},
			{"int main(void) { return 0; }\n", false, ""},
			{"// memlens:" + d.name + " -O1\nint main(void) { return 0; }\n", false, "memlens:" + d.name + " takes no argument"},
		} {
			path := filepath.Join(dir, "p.c")
			if err := os.WriteFile(path, []byte(c.src), 0o666); err != nil {
				t.Fatal(err)
			}
			p, err := Load(path)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Errorf("%q: error %v, want %q", c.src, err, c.err)
				}
				continue
			}
			if err != nil || d.flag(p) != c.set {
				t.Errorf("%q: %s %v, %v; want %v", c.src, d.name, p != nil && d.flag(p), err, c.set)
			}
		}
	}
}

// parseWants loads src as a program and returns its wants.
func parseWants(src string) ([]Want, error) {
	dir, err := os.MkdirTemp("", "corpus")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "p.c")
	if err := os.WriteFile(path, []byte(src), 0o666); err != nil {
		return nil, err
	}
	p, err := Load(path)
	if err != nil {
		return nil, err
	}
	return p.Wants, nil
}

func TestComments(t *testing.T) {
	src := "a = '\\''; // one\nb = \"x\\\"// no\"; /* two\n three */ c; /**/\n\"unterminated\nd; // four\n"
	cs := comments([]byte(src))
	var got []string
	for _, c := range cs {
		got = append(got, strconv.Itoa(c.line)+":"+strings.Join(c.textLines, "|"))
	}
	want := []string{"1: one", "2: two| three ", "3:", "5: four"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("comments = %q, want %q", got, want)
	}
	if !cs[0].afterCode || !cs[1].afterCode || !cs[2].afterCode {
		t.Errorf("afterCode wrong: %+v", cs)
	}
}

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"abc", "abc", 0}, {"abc", "abd", 1}, {"HEAP-BUFER-OVERFLOW", "HEAP-BUFFER-OVERFLOW", 1}, {"", "ab", 2}, {"kitten", "sitting", 3}} {
		if got := distance(c.a, c.b); got != c.d {
			t.Errorf("distance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}

func TestRealworldProgram(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "realworld")
	for _, f := range []string{"lib.c", "util.c", "main.c", "lib.h"} {
		write(t, filepath.Join(root, "proj"), f, "int x;\n")
	}
	path := write(t, dir, "drive.c",
		"/* memlens:realworld proj *.c !main.c\n * memlens:libs -lm */\nint main(void) { return 0; }\n")
	p, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if p.Project != "proj" || !reflect.DeepEqual(p.ProjectSources, []string{"*.c", "!main.c"}) || !reflect.DeepEqual(p.Libs, []string{"-lm"}) {
		t.Fatalf("Load = %+v", p)
	}
	files, pd, err := p.ProjectFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(root, "proj", "lib.c"), filepath.Join(root, "proj", "util.c")}
	if pd != filepath.Join(root, "proj") || !reflect.DeepEqual(files, want) {
		t.Errorf("ProjectFiles = %q in %s, want %q", files, pd, want)
	}
	if _, _, err := p.ProjectFiles(filepath.Join(dir, "elsewhere")); err == nil || !strings.Contains(err.Error(), "no directory") {
		t.Errorf("a missing corpus: %v", err)
	}
	p.ProjectSources = []string{"*.cc"}
	if _, _, err := p.ProjectFiles(root); err == nil || !strings.Contains(err.Error(), "no file") {
		t.Errorf("a pattern matching nothing: %v", err)
	}
	for _, bad := range []string{"memlens:realworld proj", "memlens:realworld ../x *.c", "memlens:libs"} {
		write(t, dir, "bad.c", "/* "+bad+" */\nint main(void) { return 0; }\n")
		if _, err := Load(filepath.Join(dir, "bad.c")); err == nil {
			t.Errorf("%q loaded", bad)
		}
	}
}
