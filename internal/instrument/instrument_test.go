package instrument

import (
	"bytes"
	"debug/elf"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// newTestConfig is the configuration of the tests: gcc at -O2, for full
// checking or detection mode (they skip without gcc).
func newTestConfig(tb testing.TB, full bool) *Config {
	tb.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		tb.Skip("gcc not installed")
	}
	cfg, err := NewConfig([]string{"gcc"}, []string{"-O2"}, Mode{Full: full})
	if err != nil {
		tb.Fatal(err)
	}
	return cfg
}

// TestFrontEndPanicIsParseError: C on which cc/v4's checker panics (GNU's
// `?:` with a nonzero constant condition that is a sizeof of a variable:
// withConstantMiddles writes out only conditions of numbers, enumeration
// constants, sizeof of type keywords and operators)
// is a *ParseError, whose unit the driver compiles uninstrumented with a
// warning; before, the panic stopped memlens cc with an internal error.
func TestFrontEndPanicIsParseError(t *testing.T) {
	cfg := newTestConfig(t, false)
	path := filepath.Join(t.TempDir(), "conditional.c")
	src := "int main(void)\n{\n\tstatic int kept = sizeof(kept) ?: -1;\n\treturn kept - 4;\n}\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	pre, err := Preprocess(cfg.cc, path)
	if err != nil {
		t.Fatal(err)
	}
	var parse *ParseError
	if _, err := cfg.File(path, pre); !errors.As(err, &parse) {
		t.Fatalf("File returned %v, want a *ParseError", err)
	}
}

// TestCompiles instruments each testdata program, in both modes, and
// checks that gcc accepts the result with warnings as errors: memlens's
// code trips no warning. (-Wimplicit-fallthrough reads comments, which
// preprocessed text has none of; gcc's own -save-temps loses them too.)
func TestCompiles(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.c")
	pres := map[string][]byte{} // a file's preprocessing, the same command in both modes
	for _, mode := range []struct {
		name string
		full bool
	}{{"detect", false}, {"full", true}} {
		cfg := newTestConfig(t, mode.full)
		for _, file := range files {
			t.Run(mode.name+"/"+filepath.Base(file), func(t *testing.T) {
				pre, ok := pres[file]
				if !ok {
					var err error
					if pre, err = Preprocess(cfg.cc, file); err != nil {
						t.Fatal(err)
					}
					pres[file] = pre
				}
				out, err := cfg.File(file, pre)
				if err != nil {
					t.Fatal(err)
				}
				// every linemarker memlens writes points at a real line of a real file
				for _, m := range regexp.MustCompile(`(?m)^# (\d+) "([^"]*)"`).FindAllSubmatch(out, -1) {
					if (string(m[1]) == "0" || len(m[2]) == 0) && !bytes.Contains(pre, m[0]) {
						t.Errorf("linemarker without a position: %s", m[0])
					}
				}
				if d := os.Getenv("MEMLENS_DUMP"); d != "" {
					os.WriteFile(filepath.Join(d, mode.name+"-"+filepath.Base(file)+".i"), out, 0o644)
				}
				dir := t.TempDir()
				src := filepath.Join(dir, "out.i")
				if err := os.WriteFile(src, out, 0o644); err != nil {
					t.Fatal(err)
				}
				cmd := exec.Command("gcc", "-O2", "-Wall", "-Wextra", "-Wno-implicit-fallthrough", "-Werror", "-c", src, "-o", filepath.Join(dir, "out.o"))
				if b, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("gcc: %v\n%s", err, b)
				}
			})
		}
	}
}

// compileDiag instruments testdata/diag/NAME and compiles the result
// with gcc, -O2 (as the unit was instrumented: the header's code depends
// on it) and the flags given; it returns gcc's output and error.
func compileDiag(t *testing.T, name string, flags ...string) ([]byte, error) {
	t.Helper()
	dir, src, _ := writeInstrumented(t, newTestConfig(t, true), filepath.Join("testdata/diag", name))
	return exec.Command("gcc", append(append([]string{"-O2"}, flags...), "-c", src, "-o", filepath.Join(dir, "out.o"))...).CombinedOutput()
}

// TestImplicitDeclarationCompiles: a function called before any
// declaration compiles instrumented, with gcc's warning on the user's line.
func TestImplicitDeclarationCompiles(t *testing.T) {
	b, err := compileDiag(t, "implicit_decl.c", "-std=gnu17")
	if err != nil {
		t.Fatalf("gcc: %v\n%s", err, b)
	}
	if !regexp.MustCompile(`implicit_decl\.c:6:\d+: warning: implicit declaration of function .fill.`).Match(b) {
		t.Errorf("gcc did not warn about the implicit declaration on line 6; it said:\n%s", b)
	}
}

// TestLibcNamesAsWritten: libc's names the program uses otherwise than libc
// does (called before any declaration with other arguments, declared with
// another type) compile instrumented as they do under gcc.
func TestLibcNamesAsWritten(t *testing.T) {
	for _, name := range []string{"implicit_libc.c", "own_setjmp.c"} {
		if b, err := compileDiag(t, name, "-std=gnu17", "-w"); err != nil {
			t.Errorf("%s: gcc: %v\n%s", name, err, b)
		}
	}
}

// writeInstrumented instruments the C file at path as the driver does and
// writes the unit as out.i in a temporary directory: the directory, the
// unit's path and its text.
func writeInstrumented(t *testing.T, c *Config, path string) (dir, src string, out []byte) {
	t.Helper()
	out, err := fileOf(c, path)
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	src = filepath.Join(dir, "out.i")
	if err := os.WriteFile(src, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, src, out
}

// writeInstrumentedCode writes code as the C file name in a temporary
// directory and instruments it as writeInstrumented does.
func writeInstrumentedCode(t *testing.T, c *Config, name, code string) (dir, src string, out []byte) {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	return writeInstrumented(t, c, path)
}

// functionText returns the instrumented text of the last function in out
// whose definition starts with head, up to the next line of the user's
// file that starts at column 1: the writer continues a long line on new
// ones after a line marker, indented to the user's column.
func functionText(out []byte, head string) []byte {
	text := out[bytes.LastIndex(out, []byte(head)):]
	for i := bytes.IndexByte(text, '\n'); i >= 0 && i+1 < len(text); {
		if c := text[i+1]; c != ' ' && c != '\t' && c != '#' {
			return text[:i]
		}
		next := bytes.IndexByte(text[i+1:], '\n')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return text
}

// fileOf instruments the C file at path as the driver does: preprocessed
// by the compiler with the config's flags first.
func fileOf(c *Config, path string) ([]byte, error) {
	pre, err := Preprocess(c.cc, path)
	if err != nil {
		return nil, err
	}
	return c.File(path, pre)
}

// unitAssembly compiles the instrumented unit at src (its text out) as
// the driver does, at -O2 with its unit flags and the extra ones, and
// returns its assembly.
func unitAssembly(t *testing.T, src string, out []byte, extra ...string) []byte {
	t.Helper()
	asm := filepath.Join(filepath.Dir(src), "out.s")
	args := append(append(append([]string{"-O2"}, extra...), UnitFlags(out)...), "-w", "-S", src, "-o", asm)
	if b, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, b)
	}
	b, err := os.ReadFile(asm)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestUnitDebugInfoWithoutViews: compiled with its unit flags under -g, an
// instrumented unit's location lists carry no view numbers (gdb does not
// read them; memlens's temporaries made them a quarter of the assembler's
// work).
func TestUnitDebugInfoWithoutViews(t *testing.T) {
	_, src, out := writeInstrumented(t, newTestConfig(t, false), "../../bench/programs/list.c")
	if n := bytes.Count(unitAssembly(t, src, out, "-g"), []byte(" view .LVU")); n > 0 {
		t.Errorf("the instrumented unit's assembly has %d location views", n)
	}
}

// TestFullUnitRuntimeCallsWithoutLandingPads: a fully checked unit is
// compiled with -fexceptions, and its pointer locals have cleanups; a
// function that calls only the runtime (which never unwinds) needs no
// landing pad for them, so its assembly has no exception call sites.
func TestFullUnitRuntimeCallsWithoutLandingPads(t *testing.T) {
	code := "struct node { struct node *next; int v; };\n" +
		"int sum(struct node *n) { int s = 0; for (; n; n = n->next) s += n->v; return s; }\n"
	_, src, out := writeInstrumentedCode(t, newTestConfig(t, true), "sum.c", code)
	if n := bytes.Count(unitAssembly(t, src, out), []byte(".LEHB")); n > 0 {
		t.Errorf("the fully checked unit's runtime calls have %d exception call sites", n/2)
	}
}

// TestFullHelpersInlined: fully checked and optimised, small helpers are
// inlined into their callers: a helper whose calls are all of helpers
// (tree.c's update, calling height twice) gets the inline hint, and the
// rare reference counting that made every small helper too big for gcc's
// budget is out of line: a borrowed parameter's reference and drop
// (__ml_borrow_shared, __ml_borrow_drop), an in-place move's slow path
// (__ml_move_miss: vm.c's push and pop, *vm->sp++ = v).
func TestFullHelpersInlined(t *testing.T) {
	for _, c := range []struct{ name, code, inlined string }{
		{"helpers.c", "struct node { long key; int height; struct node *left, *right; };\n" +
			"static int height(const struct node *n) { return n ? n->height : 0; }\n" +
			"static void update(struct node *n) { int l = height(n->left), r = height(n->right); n->height = (l > r ? l : r) + 1; }\n" +
			"void fix(struct node *n) { update(n->left); update(n->right); update(n); }\n", "update|height"},
		{"push.c", "struct vm { long *sp, *end; };\n" +
			"#include <stdlib.h>\nstatic void die(const char *why) { (void)why; exit(2); }\n" +
			"static void push(struct vm *vm, long v) { if (vm->sp == vm->end) die(\"full\"); *vm->sp++ = v; }\n" +
			"static long pop(struct vm *vm) { return *--vm->sp; }\n" +
			"void swap(struct vm *vm) { long b = pop(vm), a = pop(vm); push(vm, b); push(vm, a); }\n", "push|pop"},
	} {
		_, src, out := writeInstrumentedCode(t, newTestConfig(t, true), c.name, c.code)
		if m := regexp.MustCompile(`call\s+(` + c.inlined + `)\b`).Find(unitAssembly(t, src, out)); m != nil {
			t.Errorf("%s: %s", c.name, m)
		}
	}
}

// TestFullCountedInItsLine: fully checked and optimised, whether a
// reference taken or dropped is a live heap block's is read from the
// block's line of counts (__ML_REFS, 0x670000000000), the line the count
// is in, not from its record (the record's address sets bit 46 of the
// slot times 32, btsq $46): a function that only assigns and passes
// pointers (no access, no bounds) reads no record.
func TestFullCountedInItsLine(t *testing.T) {
	code := "struct node { struct node *next; };\n" +
		"extern struct node *get(void);\nextern void put(struct node *);\n" +
		"void cycle(void) { struct node *q = get(); put(q); q = get(); put(q); }\n"
	_, src, out := writeInstrumentedCode(t, newTestConfig(t, true), "counted.c", code)
	asm := string(unitAssembly(t, src, out))
	start := strings.Index(asm, "\ncycle:")
	if start < 0 {
		t.Fatalf("no function cycle in the unit's assembly")
	}
	body := asm[start:]
	if end := strings.Index(body, ".size\tcycle,"); end >= 0 {
		body = body[:end]
	}
	if regexp.MustCompile(`btsq\s+\$46,`).MatchString(body) {
		t.Errorf("cycle reads a record to tell a counted block:\n%s", body)
	}
	if !strings.Contains(body, "$113249697660928") {
		t.Errorf("cycle counts no reference in __ML_REFS:\n%s", body)
	}
}

// TestFullByteStoreShadowOnce: fully checked and optimised, a store of a
// char clears its undefined bit through the shadow address its test
// computed (__ml_def_shadow: a shift and an xor with __ml_def_xor), not one
// computed again with the constant (0x1a0000000000) in a register.
func TestFullByteStoreShadowOnce(t *testing.T) {
	code := "void tag(char *p, long v) { p[0] = (char)v; p[3] = 'x'; }\n"
	_, src, out := writeInstrumentedCode(t, newTestConfig(t, true), "tag.c", code)
	asm := string(unitAssembly(t, src, out))
	start := strings.Index(asm, "\ntag:")
	if start < 0 {
		t.Fatalf("no function tag in the unit's assembly")
	}
	body := asm[start:]
	if end := strings.Index(body, ".size\ttag,"); end >= 0 {
		body = body[:end]
	}
	if n := strings.Count(body, "__ml_def_xor(%rip)"); n != 2 {
		t.Errorf("tag computes %d shadow addresses for its 2 stores", n)
	}
	if strings.Contains(body, "$28587302322176") {
		t.Errorf("tag computes a store's shadow address again to clear its bit:\n%s", body)
	}
}

// stubLines calls f with each line of asm, trimmed, but the section
// directives, and whether it is in a stub (.text.unlikely.__ml_stubs).
func stubLines(asm []byte, f func(l string, stub bool)) {
	stub := false
	for _, l := range strings.Split(string(asm), "\n") {
		switch l = strings.TrimSpace(l); {
		case strings.HasPrefix(l, ".pushsection"):
			stub = strings.Contains(l, ".text.unlikely.__ml_stubs")
		case strings.HasPrefix(l, ".popsection"):
			stub = false
		default:
			f(l, stub)
		}
	}
}

// TestFullCountsAtomicInStubs: fully checked and optimised, a count's
// atomic form (where other threads run) is a stub of the asm statement
// that takes or drops the reference: no lock instruction, and so no branch
// to one, is in the function's own code.
func TestFullCountsAtomicInStubs(t *testing.T) {
	code := "struct node { struct node *next; long v; };\n" +
		"extern struct node *get(struct node *);\n" +
		"long walk(struct node *n) { long s = 0; while (n) { struct node *m = get(n); s += m->v; n = m; } return s; }\n"
	_, src, out := writeInstrumentedCode(t, newTestConfig(t, true), "counts.c", code)
	locks := 0
	stubLines(unitAssembly(t, src, out), func(l string, stub bool) {
		if strings.HasPrefix(l, "lock") {
			if !stub {
				t.Errorf("a count's atomic form outside the stubs: %s", l)
			}
			locks++
		}
	})
	if locks == 0 {
		t.Error("walk takes or drops no reference")
	}
}

// TestFullLostTestsInStubs: fully checked and optimised, the test of counts
// dropped to zero and unchecked at a statement's end (__ml_flush) and at a
// function's exit (__ml_leave) is one asm statement whose call is a stub:
// no call of __ml_lost_check or __ml_lost_leave, and so no branch to one,
// is in the function's own code.
func TestFullLostTestsInStubs(t *testing.T) {
	code := "#include <stdlib.h>\n" +
		"struct node { struct node *next; long v; };\n" +
		"extern struct node *get(struct node *);\n" +
		"long drop(struct node *n) { long s = 0; while (n) { struct node *m = get(n); s += m->v; free(n); n = m; } return s; }\n"
	_, src, out := writeInstrumentedCode(t, newTestConfig(t, true), "lost.c", code)
	checks, leaves := 0, 0
	stubLines(unitAssembly(t, src, out), func(l string, stub bool) {
		if !strings.HasPrefix(l, "call") || !strings.Contains(l, "__ml_lost_") {
			return
		}
		if !stub {
			t.Errorf("a lost-count test's call outside the stubs: %s", l)
		}
		if strings.Contains(l, "__ml_lost_check_keep") {
			checks++
		}
		if strings.Contains(l, "__ml_lost_leave_keep") {
			leaves++
		}
	})
	if checks == 0 || leaves == 0 {
		t.Errorf("drop's statements and exit test no lost counts (%d, %d stubs)", checks, leaves)
	}
}

// TestFullNameMemoPerSite: fully checked and optimised, a site naming a
// block (a pointer moved in place, a pointer returned) tests its own word
// of the unit's name memo, read at a constant address (__ml_name_memos),
// not the table hashed by the site's address
// (0x6d0000000000).
func TestFullNameMemoPerSite(t *testing.T) {
	code := "struct vm { long *sp; };\n" +
		"void push(struct vm *vm, long v) { *vm->sp++ = v; }\n" +
		"long *top(struct vm *vm) { return vm->sp - 1; }\n"
	_, src, out := writeInstrumentedCode(t, newTestConfig(t, true), "memo.c", code)
	asm := unitAssembly(t, src, out)
	if !regexp.MustCompile(`(movq|cmpq)\s+(\d+\+)?__ml_name_memos\(%rip\), %\w+`).Match(asm) {
		t.Error("no site tests its word of __ml_name_memos")
	}
	if bytes.Contains(asm, []byte("$119846767427584")) {
		t.Error("a site tests the name memo hashed by address (0x6d0000000000)")
	}
}

// TestFullKeptAllocationSites: fully checked, the call site of an
// allocation whose result goes straight into a pointer local (a
// declaration's or an assignment's, under a cast) is flagged
// __ML_SITE_KEPT (0x800), so the runtime notes no loss for its block;
// one stored in a global, passed on, or made by realloc (which may keep
// its block) is not.
func TestFullKeptAllocationSites(t *testing.T) {
	code := "#include <stdlib.h>\n#include <string.h>\nchar *g;\nvoid use(char *);\n" +
		"void f(char *s) {\n" +
		"\tchar *a = malloc(4);\n" +
		"\tchar *b;\n" +
		"\tb = (char *)calloc(1, 4);\n" +
		"\tchar *c = strdup(s);\n" +
		"\tg = malloc(5);\n" +
		"\tuse(malloc(6));\n" +
		"\ta = realloc(a, 8);\n" +
		"\tuse(a); use(b); use(c);\n" +
		"}\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, true), "kept.c", code)
	kinds := map[string]int{}
	for _, m := range regexp.MustCompile(`\{"[^"]*kept\.c","f","((?:[^"\\]|\\.)*)","(?:[^"\\]|\\.)*","(?:[^"\\]|\\.)*",\d+,\d+,(\d+),\d+\}`).FindAllSubmatch(out, -1) {
		if k, _ := strconv.Atoi(string(m[2])); k&0xff == 1 { // __ML_SITE_CALL
			kinds[string(m[1])] = k
		}
	}
	for call, kept := range map[string]bool{"malloc(4)": true, "calloc(1, 4)": true, "strdup(s)": true,
		"malloc(5)": false, "malloc(6)": false, "realloc(a, 8)": false} {
		k, ok := kinds[call]
		if !ok {
			t.Errorf("no call site %s among %v", call, kinds)
		} else if got := k&0x800 != 0; got != kept {
			t.Errorf("call site %s kept %v, want %v", call, got, kept)
		}
	}
}

// TestFullHandedReferences: with full checking, a static function hands
// its returned reference over when every call of it is assigned whole to
// a counted pointer local or to memory through an lvalue that makes no
// call, or returned by a function handing its own over; one call passed
// on, one stored through a call's result, or a return without a value,
// keeps the count going up and down.
func TestFullHandedReferences(t *testing.T) {
	code := "#include <stdlib.h>\nchar *g;\n" +
		"static char *make(void) { char *p = malloc(4); return p; }\n" +
		"static char *wrap(void) { return make(); }\n" +
		"static char *stored(void) { return malloc(5); }\n" +
		"static char *mixed(char *q) { return q ? q : malloc(6); }\n" +
		"static char *bare(int c) { if (c) return; return malloc(7); }\n" +
		"static char **slot(void) { return &g; }\n" +
		"static char *placed(void) { return malloc(8); }\n" +
		"void f(void) {\n" +
		"\tchar *a = make();\n" +
		"\tchar *b;\n" +
		"\tb = (char *)wrap();\n" +
		"\tg = stored();\n" +
		"\ta = mixed(a);\n" +
		"\tfree(mixed(b));\n" +
		"\t*slot() = placed();\n" +
		"\tb = bare(1);\n" +
		"\tfree(a); free(b);\n" +
		"}\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, true), "handed.c", code)
	table := regexp.MustCompile(`enum \{[^}]*\}`).Find(out)
	for name, hands := range map[string]int{"make": 1, "wrap": 1, "stored": 1, "mixed": 0, "placed": 0} {
		if want := fmt.Sprintf("__ml_hands_%s = %d", name, hands); !bytes.Contains(table, []byte(want)) {
			t.Errorf("%s not in %s", want, table)
		}
	}
	if bytes.Contains(table, []byte("__ml_hands_bare")) {
		t.Errorf("bare, which returns without a value, in %s", table)
	}
	for call, want := range map[string]int{"__ml_mv_handed(": 4, "__ml_sta_handed(": 2} { // (the header's definitions too)
		if n := bytes.Count(out, []byte(call)); n != want {
			t.Errorf("%d %s) in the unit, want %d", n, call, want)
		}
	}
}

// TestUnoptimisedUnitCompilesItsHelpersOnly: unoptimised, a unit
// compiles the header's helpers it calls (out of line, __ML_INLINE), not
// all of them: every static function is compiled at -O0, an unused inline
// one is not.
func TestUnoptimisedUnitCompilesItsHelpersOnly(t *testing.T) {
	c, err := NewConfig([]string{"gcc"}, []string{"-O0"}, Mode{})
	if err != nil {
		t.Fatal(err)
	}
	dir, src, out := writeInstrumentedCode(t, c, "get.c", "int get(const int *p, int i) { return p[i]; }\n")
	obj := filepath.Join(dir, "out.o")
	if b, err := exec.Command("gcc", slices.Concat([]string{"-O0"}, UnitFlags(out), []string{"-w", "-c", src, "-o", obj})...).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, b)
	}
	f, err := elf.Open(obj)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) == elf.STT_FUNC && s.Section != elf.SHN_UNDEF {
			defined[s.Name] = true
		}
	}
	if !defined["__ml_chk"] {
		t.Error("the unit does not compile __ml_chk, which checks its access")
	}
	for _, unused := range []string{"__ml_copy", "__ml_move", "__ml_sta"} {
		if defined[unused] {
			t.Errorf("the unit compiles %s, which it does not call", unused)
		}
	}
}

// TestFullLargeFunctionDropsByCall: with full checking, a function larger
// than largeFunctionTokens (Lua's luaV_execute) drops its pointer locals'
// references by calls of the unit's one __ml_unref_far (its assignments,
// its blocks' ends, its cleanups), with only the test that the block is
// counted inline; a small function keeps the whole drop inline.
func TestFullLargeFunctionDropsByCall(t *testing.T) {
	long := strings.Repeat("+ 1 ", largeFunctionTokens/2)
	code := "struct node { struct node *next; long v; };\n" +
		"extern struct node *get(struct node *);\n" +
		"long big(struct node *n) { struct node *a = get(n); long x = 0 " + long + ";\n" +
		"  { struct node *b = get(a); a = b; } return x + a->v; }\n" +
		"long small(struct node *n) { struct node *a = get(n); { struct node *b = get(a); a = b; } return a->v; }\n"
	_, src, out := writeInstrumentedCode(t, newTestConfig(t, true), "large.c", code)
	big, small := functionText(out, "long big("), functionText(out, "long small(")
	for _, want := range []string{"cleanup(__ml_scope_drop_far)", "__ml_mv_far(", "__ml_block_drop_far("} {
		if !bytes.Contains(big, []byte(want)) {
			t.Errorf("big has no %s", want)
		}
		if bytes.Contains(small, []byte(want)) {
			t.Errorf("small has %s", want)
		}
	}
	asm := string(unitAssembly(t, src, out))
	body := asm[strings.Index(asm, "\nbig:"):] // (big, then its cold part)
	body = body[:strings.Index(body, "\nsmall:")]
	if !regexp.MustCompile(`call\s+__ml_unref_far\b`).MatchString(body) {
		t.Error("big makes no call of __ml_unref_far")
	}
	// a drop's cut stamp (tick << 14 | depth << 4 | way) is only
	// __ml_unref_far's in big
	if regexp.MustCompile(`salq\s+\$14,`).MatchString(body) {
		t.Error("big stamps a cut inline")
	}
}

// TestFunctionAddressNotHeldAcrossCalls: optimised, the address of a
// function of the unit making calls, its own and a callee's, is computed
// at each use (__ml_fn), so no callee-saved register holds it across the
// calls; a leaf's stays a constant, for gcc to fold the handshake when it
// inlines the leaf (a static one only called by name: a byte of the
// unit's, TestStaticFunctionAddressNotTaken).
func TestFunctionAddressNotHeldAcrossCalls(t *testing.T) {
	code := "extern void use(char *);\n" +
		"static char *leaf(char *p) { if (!p) return p; return p + 1; }\n" + // (two returns: no resultVar)
		"__attribute__((noinline)) char *h(char *p) { use(p); return leaf(p); }\n" +
		"char *f(char *p) { char *q = h(p); use(q); return h(q); }\n"
	_, src, out := writeInstrumentedCode(t, newTestConfig(t, false), "calls.c", code)
	for _, want := range []string{"__ml_fn((__ml_uptr)h)", "__ml_fn((__ml_uptr)f)", "(__ml_uptr)&__ml_fnids[0]"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("the instrumented unit has no %s", want)
		}
	}
	if bytes.Contains(out, []byte("__ml_fn((__ml_uptr)&__ml_fnids[0])")) {
		t.Error("a leaf's address is computed by __ml_fn")
	}
	held := regexp.MustCompile(`leaq\s+[fh]\(%rip\), %(rbx|rbp|r12|r13|r14|r15)`)
	if m := held.Find(unitAssembly(t, src, out)); m != nil {
		t.Errorf("a function's address is held in a callee-saved register: %s", m)
	}
}

// TestInlinedLeafReturnStoresDropped: optimised, a static function making
// calls computes its own address without reading memory
// (__ml_fn_static), so where it returns what an inlined leaf returned,
// gcc drops the leaf's stores of the return's function and site, which
// its own overwrite; a recursive one compiles too (its address as an
// integer was a value gcc held, no immediate). (A unit with a function
// gcc does not optimise is instrumented as at -O0: hasUnoptimized.)
func TestInlinedLeafReturnStoresDropped(t *testing.T) {
	code := "extern void use(char *);\n" +
		"static char *next(char *p) { if (!p) return p; return p + 1; }\n" + // (two returns: no resultVar)
		"static char *step(char *p) { use(p); return next(p); }\n" +
		"char *(*keep)(char *) = step;\n" +
		"static char *walk(char *p) { if (*p) return walk(p + 1); use(p); return next(p); }\n" +
		"char *f(char *p) { return walk(p); }\n"
	_, src, out := writeInstrumentedCode(t, newTestConfig(t, false), "ret.c", code)
	asm := string(unitAssembly(t, src, out))
	body := asm[strings.Index(asm, "\nstep:"):]
	body = body[:strings.Index(body, ".cfi_endproc")]
	retfn := regexp.MustCompile(`leaq\s+step\(%rip\), %(\w+)\n(?:#.*\n)*\s*movq\s+%(\w+), %fs:(\d+)\+__ml_t@tpoff`).FindStringSubmatch(body)
	if retfn == nil || retfn[1] != retfn[2] {
		t.Fatalf("step stores no return's function:\n%s", body)
	}
	stored := regexp.MustCompile(`, %fs:` + retfn[3] + `\+__ml_t@tpoff\n`)
	if n := len(stored.FindAllString(body, -1)); n != 1 {
		t.Errorf("step stores the return's function %d times:\n%s", n, body)
	}
}

// TestArgumentSitesNotHoisted: optimised, the sites a call stores into
// the thread's words (argsite) are not packed two by two into vectors,
// which gcc hoisted out of a loop of such calls and kept in the frame
// (Lua's luaV_execute: 146 vectors, 2,336 of its 2,624 bytes, built at
// each entry).
func TestArgumentSitesNotHoisted(t *testing.T) {
	code := "extern void hook(char *, char *);\n" +
		"char *run(char *pc, char *base, int n) {\n" +
		"	while (n--) {\n" +
		"		if (__builtin_expect(*pc == 1, 0)) hook(pc, base);\n" +
		"		if (__builtin_expect(*pc == 2, 0)) hook(base, pc + 1);\n" +
		"		if (__builtin_expect(*pc == 3, 0)) hook(pc + 2, base);\n" +
		"		pc++;\n" +
		"	}\n" +
		"	return pc;\n" +
		"}\n"
	_, src, out := writeInstrumentedCode(t, newTestConfig(t, false), "hoist.c", code)
	if n := bytes.Count(unitAssembly(t, src, out), []byte("punpcklqdq")); n > 0 {
		t.Errorf("the unit packs %d pairs of values into vectors", n)
	}
}

// TestNullArgumentPassedAsNull: a null pointer constant passed to an
// instrumented callee goes with NULL's meta, as a variable holding NULL
// does, in both modes: with WILD's, a callee storing it (Lua's
// lua_newstate, g->ud = ud) left a shadow outside WILD's bounds, and every
// load of it failed the inline test into __ml_ld_fail (808K in Lua's
// bench.lua 1). A string literal still goes with its object's meta.
func TestNullArgumentPassedAsNull(t *testing.T) {
	code := "#include <stddef.h>\n" +
		"extern void keep(void *g, void *ud, const char *name);\n" +
		"void init(void *g) { keep(g, NULL, \"state\"); keep(g, 0, \"main\"); }\n"
	for _, full := range []bool{false, true} {
		_, _, out := writeInstrumentedCode(t, newTestConfig(t, full), "nullarg.c", code)
		body := out[bytes.LastIndex(out, []byte("init(")):]
		if n := bytes.Count(body, []byte("__ml_t.arg[1] = 0UL")); n != 2 {
			t.Errorf("full=%v: %d of 2 null pointer constants passed with NULL's meta:\n%s", full, n, body)
		}
		if bytes.Contains(body, []byte("__ml_t.arg[2] = 1UL")) {
			t.Errorf("full=%v: a string literal passed with WILD's meta:\n%s", full, body)
		}
	}
}

// TestStaticFunctionAddressNotTaken: the handshakes of a static function
// only ever called by name name it by a byte of the unit's, not by its
// address, so gcc, seeing the address not taken, inlines it as natively
// where it is called once (it kept an out-of-line copy and called that).
// One whose address the program takes is still named by its address.
func TestStaticFunctionAddressNotTaken(t *testing.T) {
	code := "extern void use(char *);\n" +
		"static char *once(char *p) { use(p); use(p + 1); use(p + 2); use(p + 3); use(p + 4); use(p + 5); return p + 6; }\n" +
		"static char *taken(char *p) { use(p); return p; }\n" +
		"char *(*keep)(char *) = taken;\n" +
		"char *f(char *p) { char *q = once(p); use(q); return taken(q); }\n"
	_, src, out := writeInstrumentedCode(t, newTestConfig(t, false), "once.c", code)
	if bytes.Contains(out, []byte("(__ml_uptr)once")) {
		t.Error("the instrumented unit takes once's address")
	}
	if !bytes.Contains(out, []byte("__ml_fn_static((const void *)taken)")) {
		t.Error("taken's handshake does not name its address")
	}
	if asm := unitAssembly(t, src, out); regexp.MustCompile(`(?m)^once[.a-z0-9]*:`).Match(asm) {
		t.Error("once, called once, is not inlined")
	}
}

// TestMainWithoutSideFrame: optimised, main's pointer words are variables,
// not words of the side stack, even where it makes calls (its frame is made
// once, so registers held across them cost no depth); another function's
// calling the same way are side words.
func TestMainWithoutSideFrame(t *testing.T) {
	code := "extern const char *step(const char *);\n" +
		"const char *run(const char *pc) { while (*pc) pc = step(pc); return pc; }\n" +
		"int main(int argc, char **argv) { const char *pc = argv[0]; while (*pc) pc = step(pc); return argc; }\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "loop.c", code)
	// (the site table, printed first, quotes both functions' lines)
	at := bytes.LastIndex(out, []byte("int main("))
	run := out[bytes.LastIndex(out[:at], []byte("const char *run(")):at]
	if !bytes.Contains(run, []byte("__ml_side_push(")) {
		t.Error("run, calling step, has no side frame")
	}
	if bytes.Contains(out[at:], []byte("__ml_side_push(")) {
		t.Error("main has a side frame")
	}
}

// TestLoopCallSiteStoredOnce: a loop whose one call is that call stores
// the call's frame site once, before it (vm.c's dispatch loop), and in it
// only where a callee shares the slot (depth 255 or more); in main, that
// depth test is made once before the loop too, for gcc to unswitch. A loop
// making two calls, or one a jump can enter past its start, stores it each
// time.
func TestLoopCallSiteStoredOnce(t *testing.T) {
	code := "extern const char *step(const char *);\n" +
		"const char *once(const char *pc) { while (*pc) pc = step(pc); return pc; }\n" +
		"const char *twice(const char *pc) { while (*pc) { pc = step(pc); pc = step(pc + 1); } return pc; }\n" +
		"const char *entered(const char *pc, int n) { if (n) goto in; while (*pc) { in: pc = step(pc); } return pc; }\n" +
		"int main(int argc, char **argv) { const char *pc = argv[0]; while (*pc) pc = step(pc); return argc; }\n"
	_, src, out := writeInstrumentedCode(t, newTestConfig(t, false), "loop.c", code)
	const shared = "__ml_t.depth > 255u"
	twice := bytes.LastIndex(out, []byte("const char *twice("))
	entered := bytes.LastIndex(out, []byte("const char *entered("))
	main := bytes.LastIndex(out, []byte("int main("))
	if !regexp.MustCompile(`(?s)\{\s*int __ml_deep\d+ __attribute__\(\(unused\)\) = __ml_t\.depth > 255u;\s*__ml_t\.frames\[[^;]*\] = &__ml_sites\[\d+\];\s*while.*__builtin_expect\(__ml_deep\d+, 0\)`).Match(out[main:]) {
		t.Errorf("main's loop does not test the depth once, before it:\n%s", out[main:])
	}
	unitAssembly(t, src, out)
	out = out[:main]
	once := out[bytes.LastIndex(out[:twice], []byte("const char *once(")):twice]
	if !regexp.MustCompile(`\{\s*__ml_t\.frames\[[^;]*\] = &__ml_sites\[\d+\];\s*while`).Match(once) || !bytes.Contains(once, []byte(shared)) {
		t.Errorf("once's loop does not store its call's site before it:\n%s", once)
	}
	if bytes.Contains(out[twice:entered], []byte(shared)) {
		t.Error("twice's loop, making two calls, stores a site before it")
	}
	if bytes.Contains(out[entered:], []byte(shared)) {
		t.Error("entered's loop, which a goto enters, stores its site before it")
	}
}

// TestJumpedPastWordsSetAtEntry: in a function with labels, a pointer
// local declared with a value has its side words set at entry only where
// a jump can land past its declaration (Lua's luaV_execute zeroed some 540
// words at every call for its opcodes' locals, which no jump skips).
func TestJumpedPastWordsSetAtEntry(t *testing.T) {
	code := "extern char *next(char *);\n" +
		"char *jumps(char *s, int n) {\n" +
		"	if (n) goto again;\n" +
		"	for (;;) { { char *p = next(s); s = next(p); } again: if (!*s) return s; }\n" +
		"}\n" +
		"char *past(char *s, int n) {\n" +
		"	if (n) goto again;\n" +
		"	{ char *p = next(s); again: p = next(s); return next(p); }\n" +
		"}\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "jumps.c", code)
	at := bytes.LastIndex(out, []byte("char *past("))
	jumps := out[bytes.LastIndex(out[:at], []byte("char *jumps(")):at]
	// (the prologue's side words are set in declarations of __ml_sf
	// variables; the body clears a pending site the same way)
	firstStore := regexp.MustCompile(`register int __ml_sf\d+ __attribute__\(\(unused\)\) = \([^;]*\] = 0,`)
	if firstStore.Match(jumps) {
		t.Error("jumps sets p's side words at entry, though no jump lands past its declaration")
	}
	if !firstStore.Match(out[at:]) {
		t.Error("past does not set p's side words at entry, though a goto lands past its declaration")
	}
}

// TestReadBetweenCallsInRegisters: optimised, in a function with a side
// frame and many pointer locals, a pointer local declared with a value and
// read only before its block's first call keeps its words in variables
// (registers between calls), not side words; one read after a call, or in
// a loop that calls, keeps them on the side stack, and so does a function
// of few pointer locals.
func TestReadBetweenCallsInRegisters(t *testing.T) {
	var many strings.Builder // (pointer locals never read: variables too)
	many.WriteString("	char *q1 = s")
	for i := 2; i < registerLocalsFrom; i++ {
		fmt.Fprintf(&many, ", *q%d = s", i)
	}
	many.WriteString(";\n")
	code := "extern void hook(void);\n" +
		"extern char *next(char *);\n" +
		"char *between(char *s, int n) {\n" + many.String() +
		"	while (n--) { char *p = s + 1; char c = *p; s = p; if (c) hook(); }\n" +
		"	return s;\n" +
		"}\n" +
		"char *after(char *s, int n) {\n" + many.String() +
		"	while (n--) { char *p = s + 1; hook(); s = p; }\n" +
		"	return s;\n" +
		"}\n" +
		"char *looping(char *s, int n) {\n" + many.String() +
		"	char *p = s + 1;\n" +
		"	while (n--) { s = p; hook(); }\n" +
		"	return s;\n" +
		"}\n" +
		"char *few(char *s, int n) {\n" +
		"	while (n--) { char *p = s + 1; char c = *p; s = p; if (c) hook(); }\n" +
		"	return s;\n" +
		"}\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "between.c", code)
	// (the site table, printed first, quotes the functions' lines; each
	// pointer takes three words: meta, pending site, provenance)
	push := regexp.MustCompile(`__ml_side_push\((\d+)\)`)
	for _, f := range []struct{ name, words string }{{"between", "3"}, {"after", "6"}, {"looping", "6"}, {"few", "6"}} {
		at := bytes.LastIndex(out, []byte("char *"+f.name+"("))
		m := push.FindSubmatch(out[at:])
		if m == nil || string(m[1]) != f.words {
			t.Errorf("%s's side frame: %q words, want %s", f.name, m, f.words)
		}
	}
}

// TestNoCallAfterInRegisters: optimised, a function's lone pointer local,
// declared with a call's value after which its block makes no call that
// returns (a block ending in exit makes none), keeps its words in
// variables, not side words, which the loop's char stores would make gcc
// load again; one read after a call, or followed by a call, or in a
// function with a pointer parameter, keeps them on the side stack.
func TestNoCallAfterInRegisters(t *testing.T) {
	code := "extern void hook(void);\n" +
		"extern void exit(int);\n" +
		"extern char *next(char *);\n" +
		"char *made(int n) {\n" +
		"	char *p = next(0);\n" +
		"	if (!p) { hook(); exit(1); }\n" +
		"	while (n--) p[n] = 0;\n" +
		"	return p;\n" +
		"}\n" +
		"char *calledBefore(int n) {\n" +
		"	char *p = next(0);\n" +
		"	if (!p) { hook(); }\n" +
		"	while (n--) p[n] = 0;\n" +
		"	return p;\n" +
		"}\n" +
		"char *madeFrom(char *s, int n) {\n" +
		"	char *p = next(s);\n" +
		"	if (!p) { hook(); exit(1); }\n" +
		"	while (n--) p[n] = 0;\n" +
		"	return p;\n" +
		"}\n" +
		"char *calledAfter(int n) {\n" +
		"	char *p = next(0);\n" +
		"	while (n--) p[n] = 0;\n" +
		"	hook();\n" +
		"	return 0;\n" +
		"}\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "made.c", code)
	push := regexp.MustCompile(`__ml_side_push\((\d+)\)`)
	for _, f := range []struct{ name, words string }{{"made", ""}, {"calledBefore", "3"}, {"madeFrom", "6"}, {"calledAfter", "3"}} {
		text := out[bytes.LastIndex(out, []byte("char *"+f.name+"(")):]
		if end := bytes.Index(text[1:], []byte("\nchar *")); end >= 0 { // (up to the next function)
			text = text[:end]
		}
		words := ""
		if m := push.FindSubmatch(text); m != nil {
			words = string(m[1])
		}
		if words != f.words {
			t.Errorf("%s's side frame: %q words, want %q", f.name, words, f.words)
		}
	}
}

// TestSideWordsChecked: optimised, a check through a pointer whose
// pending site and word are side-frame words passes their addresses (the
// _tw form: memory operands only its stub reads), not their values loaded
// into registers; unoptimised, where the checks are calls, the values; in
// a frame whose top is a variable (64 words or more, in a function with a
// loop), the addresses loaded as values (_tv); in as large a frame of a
// function without a loop, whose top is the thread's, the _tw form.
func TestSideWordsChecked(t *testing.T) {
	// wide is a function of 12 pointer parameters, each offset into a
	// pointer local read after a call (before: what precedes the call)
	wide := func(name, before string) string {
		var params, locals, sum []string
		for i := range 12 {
			params = append(params, fmt.Sprintf("int *a%d", i))
			locals = append(locals, fmt.Sprintf("*p%d = a%d + n", i, i))
			sum = append(sum, fmt.Sprintf("*p%d", i))
		}
		return "int " + name + "(" + strings.Join(params, ", ") + ", int n) {\n" +
			"\tint " + strings.Join(locals, ", ") + ";\n" +
			"\t" + before + "hook();\n" +
			"\treturn " + strings.Join(sum, " + ") + ";\n" +
			"}\n"
	}
	code := "extern void hook(void);\n" +
		"int side(int *a, int n) {\n" +
		"	int *p = a + n;\n" +
		"	hook();\n" +
		"	return *p;\n" +
		"}\n" +
		wide("straight", "") + wide("big", "while (n--)\n\t\t")
	o0, err := NewConfig([]string{"gcc"}, []string{"-O0"}, Mode{})
	if err != nil {
		t.Fatal(err)
	}
	tw := regexp.MustCompile(`__ml_chk\w*_tw\(\S+, sizeof\( \*p\d* \), [^,]+, &\(\*\(const struct __ml_site \*\*\)&__ml_t\.side\[-\d+\]\), &__ml_t\.side\[-\d+\]`)
	for _, c := range []struct {
		cfg  *Config
		name string
		tw   bool
	}{{newTestConfig(t, false), "-O2", true}, {o0, "-O0", false}} {
		_, _, out := writeInstrumentedCode(t, c.cfg, "side.c", code)
		text := out[bytes.LastIndex(out, []byte("int side(")):bytes.LastIndex(out, []byte("int straight("))]
		if !bytes.Contains(text, []byte("sizeof( *p )")) || !bytes.Contains(text, []byte("__ml_side_push(")) {
			t.Fatalf("%s: no side frame or no check of *p in\n%s", c.name, text)
		}
		if got := tw.Match(text); got != c.tw {
			t.Errorf("%s: *p's check through the side words' addresses: %v, want %v\n%s", c.name, got, c.tw, text)
		}
		if c.tw {
			straight := out[bytes.LastIndex(out, []byte("int straight(")):bytes.LastIndex(out, []byte("int big("))]
			if !tw.Match(straight) || bytes.Contains(straight, []byte("__ml_sb")) {
				t.Errorf("%s: straight's side frame has its top in a variable, or its checks load its words\n%s", c.name, straight)
			}
			big := out[bytes.LastIndex(out, []byte("int big(")):]
			tv := regexp.MustCompile(`__ml_chk\w*_tv\(\S+, sizeof\( \*p\d* \), [^,]+, &\(\*\(const struct __ml_site \*\*\)&__ml_sb\d+\[-\d+\]\), &__ml_sb\d+\[-\d+\]`)
			if !tv.Match(big) || bytes.Contains(big, []byte("_tw(")) {
				t.Errorf("%s: big's checks not all through its side words' values (_tv)\n%s", c.name, big)
			}
		}
	}
}

// TestParamWordsBeforeCalls: optimising, a pointer parameter read only
// before its function's first call keeps its meta and provenance in
// variables, not side words (a comparator's x = a; sort.c's cmp_record);
// one read after a call, or in a loop that calls, keeps side words.
func TestParamWordsBeforeCalls(t *testing.T) {
	code := "extern void hook(void);\n" +
		"int cmp(const void *a, const void *b) {\n" +
		"	const int *x = a, *y = b;\n" +
		"	hook();\n" +
		"	return *x - *y;\n" +
		"}\n" +
		"int after(int *a) {\n" +
		"	hook();\n" +
		"	return *a;\n" +
		"}\n" +
		"int loop(int *a, int n) {\n" +
		"	int s = 0;\n" +
		"	while (n--) {\n" +
		"		s += *a;\n" +
		"		hook();\n" +
		"	}\n" +
		"	return s;\n" +
		"}\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "params.c", code)
	cmp := out[bytes.LastIndex(out, []byte("int cmp(")):bytes.LastIndex(out, []byte("int after("))]
	inVar := regexp.MustCompile(`register __ml_meta_t __ml_p\d+ __attribute__\(\(unused\)\) = __ml_own_ \? __ml_t\.arg\[1\]`)
	if !inVar.Match(cmp) || !bytes.Contains(cmp, []byte("__ml_side_push(6)")) {
		t.Errorf("cmp: its parameters' words not variables, or its side frame not x's and y's six words\n%s", cmp)
	}
	tw := regexp.MustCompile(`__ml_chk\w*_tw\(__ml_t\.side\[-\d+\], sizeof\( \*a \)`)
	after := out[bytes.LastIndex(out, []byte("int after(")):bytes.LastIndex(out, []byte("int loop("))]
	loop := out[bytes.LastIndex(out, []byte("int loop(")):]
	for name, text := range map[string][]byte{"after": after, "loop": loop} {
		if !tw.Match(text) {
			t.Errorf("%s: *a not checked through a's side words\n%s", name, text)
		}
	}
}

// TestUnoptimisedReturnUnheld: unoptimised, a pointer return of the
// program's own text is evaluated after the exit's calls, not held across
// them in a register variable (__ml_r), which gcc -O0 keeps in a
// callee-saved register, even where the value's step is pending; a
// function with a registered local still holds it.
func TestUnoptimisedReturnUnheld(t *testing.T) {
	code := "extern char *next(char *);\n" +
		"char *pending(char *s, int n) { char *p = s; while (n--) p = next(p); return p; }\n" +
		"char *registered(char *s) { char buf[4]; char *p = next(buf); return p == buf ? s : p; }\n"
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	cfg, err := NewConfig([]string{"gcc"}, []string{"-O0"}, Mode{})
	if err != nil {
		t.Fatal(err)
	}
	_, _, out := writeInstrumentedCode(t, cfg, "returns.c", code)
	// (the site table, printed first, quotes both functions' lines)
	at := bytes.LastIndex(out, []byte("char *registered("))
	pending := out[bytes.LastIndex(out[:at], []byte("char *pending(")):at]
	held := regexp.MustCompile(`register __auto_type __ml_r\d`)
	if !bytes.Contains(pending, []byte("__ml_setret2(")) {
		t.Error("pending's return makes no pending step: the test lost its case")
	}
	if held.Match(pending) {
		t.Error("pending holds its return's value in a register variable")
	}
	if !held.Match(out[at:]) {
		t.Error("registered, with a registered local, returns its value after the exit's calls")
	}
}

// TestOptimisedCheckAddressPassed: optimised too, a check whose lvalue's
// text types it passes the address as its last argument and returns it,
// holding it in no variable (under -g, a variable is bindings gcc carries
// through every pass: cc1's instructions on tree.c's unit -0.8%); an
// lvalue of variably modified type, whose text a __typeof__ would
// evaluate, or whose text calls, still holds it. The unit compiles.
func TestOptimisedCheckAddressPassed(t *testing.T) {
	code := "struct s { int k; struct s *next; };\n" +
		"extern struct s *find(int);\n" +
		"int plain(struct s *p) { return p->k; }\n" +
		"int called(int i) { return find(i)->k; }\n" +
		"int vm(int n, int (**pp)[n], int i) { int (*q)[n] = pp[i]; return q != 0; }\n"
	_, src, out := writeInstrumentedCode(t, newTestConfig(t, false), "passed.c", code)
	held := regexp.MustCompile(`register __auto_type __ml_a\d+ = `)
	// (the site table, printed first, quotes the functions' lines)
	for _, f := range []struct {
		name   string
		passed bool
	}{{"plain", true}, {"called", false}, {"vm", false}} {
		body := functionText(out, "int "+f.name+"(")
		if !bytes.Contains(body, []byte("__ml_chk")) {
			t.Fatalf("%s has no check: the test lost its case:\n%s", f.name, body)
		}
		if passed := bytes.Contains(body, []byte(" *)__ml_chk")) && !held.Match(body); passed != f.passed {
			t.Errorf("%s's check passes its address: %v, want %v:\n%s", f.name, passed, f.passed, body)
		}
	}
	unitAssembly(t, src, out)
}

// TestHelpersUntracked: optimised under -g, the runtime header's inline
// helpers carry no debug bindings of their locals into the program's
// functions (a check's ro and n: cc1's instructions on tree.c's unit
// -6.1%), while the program's own variables keep theirs.
func TestHelpersUntracked(t *testing.T) {
	code := "int sum(const int *p, int len) { int s = 0; for (int i = 0; i < len; i++) s += p[i]; return s; }\n"
	_, src, out := writeInstrumentedCode(t, newTestConfig(t, false), "sum.c", code)
	dump := filepath.Join(filepath.Dir(src), "sum.optimized")
	unitAssembly(t, src, out, "-g", "-fdump-tree-optimized="+dump)
	b, err := os.ReadFile(dump)
	if err != nil {
		t.Fatal(err)
	}
	at := bytes.Index(b, []byte(";; Function sum "))
	if at < 0 {
		t.Fatalf("no sum in gcc's dump:\n%s", b)
	}
	body := b[at:]
	if !bytes.Contains(body, []byte("__ml_chk")) && !bytes.Contains(body, []byte("__asm__")) {
		t.Fatalf("sum has no check: the test lost its case:\n%s", body)
	}
	for _, v := range []string{"s", "i"} {
		if !bytes.Contains(body, []byte("# DEBUG "+v+" => ")) {
			t.Errorf("the program's variable %s has no debug binding:\n%s", v, body)
		}
	}
	for _, v := range []string{"ro", "n"} {
		if bytes.Contains(body, []byte("# DEBUG "+v+" => ")) {
			t.Errorf("the check's local %s has debug bindings in sum:\n%s", v, body)
		}
	}
}

// TestPlainHelperNeedsNoSideFrame: optimised, a static function taking no
// pointers and calling nothing gets the inline hint and its callers no
// side frame for its calls (zlib's crc32_z around crc_word); a call of an
// extern function still needs one.
func TestPlainHelperNeedsNoSideFrame(t *testing.T) {
	code := "static const unsigned table[4] = {1, 2, 3, 4};\n" +
		"static unsigned mix(unsigned x) { return x ^ table[x & 3]; }\n" +
		"extern unsigned other(unsigned);\n" +
		"unsigned sum(const unsigned char *p, int n) { unsigned s = 0; while (n--) s = mix(s ^ *p++); return s; }\n" +
		"unsigned far(const unsigned char *p, int n) { unsigned s = 0; while (n--) s = other(s ^ *p++); return s; }\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "plain.c", code)
	if !bytes.Contains(out, []byte("__inline__ static unsigned mix(")) {
		t.Errorf("mix has no inline hint:\n%s", out)
	}
	for _, f := range []struct {
		name string
		side bool
	}{{"sum", false}, {"far", true}} {
		if side := bytes.Contains(functionText(out, "unsigned "+f.name+"("), []byte("__ml_side_push(")); side != f.side {
			t.Errorf("%s has a side frame: %v, want %v", f.name, side, f.side)
		}
	}
}

// TestDeclaredInlineAlwaysInlined: optimised, a static function the
// program declares inline, called from few places, is always inlined (its
// checks put it past gcc's budget, out of line with a frame of its own);
// not one called from many places, one calling itself or a variadic one,
// which gcc cannot inline.
func TestDeclaredInlineAlwaysInlined(t *testing.T) {
	code := "#include <stdarg.h>\n" +
		"static inline int twice(const int *p) { return *p * 2; }\n" +
		"static inline int half(const int *p) { return *p / 2; }\n" +
		"static inline int fact(int n) { return n ? n * fact(n - 1) : 1; }\n" +
		"static inline int first(int n, ...) { va_list ap; int v; va_start(ap, n); v = va_arg(ap, int); va_end(ap); return v; }\n" +
		"int use(const int *p) { return twice(p) + twice(p + 1) + fact(*p) + first(1, *p) +\n" +
		"	half(p) + half(p + 1) + half(p + 2) + half(p + 3) + half(p + 4); }\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "declared.c", code)
	for _, f := range []struct {
		name   string
		always bool
	}{{"twice", true}, {"half", false}, {"fact", false}, {"first", false}} {
		if always := regexp.MustCompile(`__attribute__\(\(__always_inline__\)\)\s*` + f.name + `\(`).Match(out); always != f.always {
			t.Errorf("%s always inlined: %v, want %v:\n%s", f.name, always, f.always, out)
		}
	}
}

// TestLocalWordsInThread: optimised, a function keeping its parameters'
// provenance in the thread's words that calls nothing and is not direct
// keeps its pointer locals' there too, past its parameters', and its
// checks read them as memory operands; a direct one (a caller keeping its
// own words there could inline it) keeps them in variables.
func TestLocalWordsInThread(t *testing.T) {
	code := "unsigned copy(unsigned char *dst, const unsigned char *src, int n) {\n" +
		"	const unsigned char *in = src; unsigned char *out = dst;\n" +
		"	while (n--) *out++ = *in++;\n" +
		"	return out - dst;\n" +
		"}\n" +
		"static unsigned inner(unsigned char *dst, int n) { unsigned char *out = dst; while (n--) *out++ = 0; return out - dst; }\n" +
		"unsigned outer(unsigned char *dst, int n) { return inner(dst, n) + inner(dst, n); }\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "words.c", code)
	// (the text from a function's definition to the next's)
	body := func(name, next string) []byte {
		at := bytes.LastIndex(out, []byte(name+"(unsigned char *dst"))
		return out[at : at+bytes.Index(out[at:], []byte(next+"(unsigned char *dst"))]
	}
	for _, w := range []string{"&__ml_t.argsite[15]", "&__ml_t.argsite[14]"} {
		if !bytes.Contains(body("copy", "inner"), []byte(w)) {
			t.Errorf("copy's checks do not read %s:\n%s", w, body("copy", "inner"))
		}
	}
	if inner := body("inner", "outer"); bytes.Contains(inner, []byte("__ml_t.argsite[1")) {
		t.Errorf("inner, direct, keeps a local's words in the thread's:\n%s", inner)
	}
}

// TestTakenLocalNamesBothSteps checks that a pointer local taking the value
// of one assigned once has a pending site naming both steps (a steps site,
// kind 10, newer then older: one and two sites back), not the older step
// put into the ring, and that one assigned twice, a parameter assigned
// once (its pending site starts as its caller's), or one taken inside a
// loop entered after its assignment, is taken as before.
func TestTakenLocalNamesBothSteps(t *testing.T) {
	code := "long f(long *base, int a) { long *ra = base + a; long *io1 = ra; return *io1; }\n" +
		"long g(long *base, int a) { long *cur = base; cur += a; long *at = cur; return *at; }\n" +
		"long h(long *p, long *q) { p = q; long *at = p; return *at; }\n" +
		"long k(long *base, int n) { long *ra = base, s = 0; for (int i = 0; i < n; i++) { long *io = ra; s += io[i]; } return s; }\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "taken.c", code)
	steps := regexp.MustCompile(`\{"","","","","",(\d+),(\d+),10,0\}`).FindAllSubmatch(out, -1)
	if len(steps) != 1 || string(steps[0][1]) != "1" || string(steps[0][2]) != "2" {
		t.Fatalf("want one steps site naming io1's step and ra's, got %q", steps)
	}
	// (the text from a function's definition to the next's)
	body := func(name, next string) []byte {
		return out[bytes.LastIndex(out, []byte(name+"(long *")):bytes.LastIndex(out, []byte(next+"(long *"))]
	}
	// (base's step goes into the ring in both, as ra and cur take it)
	if f := body("long f", "long g"); bytes.Count(f, []byte("__ml_pend(")) != 1 {
		t.Errorf("f puts ra's step into the ring:\n%s", f)
	}
	if g := body("long g", "long h"); bytes.Count(g, []byte("__ml_pend(")) != 2 {
		t.Errorf("g's cur, assigned twice, is taken without its step:\n%s", g)
	}
}

// TestNativeInlinedHint: optimised, a static function only called by name
// from a few places gets the inline hint though it calls an extern
// function (Lua's lgc.c setpause), so its checked body is weighed against
// the hinted budget, a larger one too (ltable.c's setnodevector), and one
// with a struct local all of whose calls one function makes (lundump.c's
// checkliteral); a small loop-free body gets it from more than four places
// (lundump.c's loadInt); one whose address is taken, a larger one with a
// struct local called from two functions, a larger one or one with a loop
// or in a cycle of calls called from more than four places and (full
// checking) any do not; but a small body with a loop called from more than
// four places (lgc.c's propagateall) is always inlined, with __inline__.
func TestNativeInlinedHint(t *testing.T) {
	code := "struct g { long debt, total; struct g *next; };\n" +
		"extern void setdebt(struct g *, long);\n" +
		"static void pause(struct g *g) { long d = g->total - g->debt; if (d < 0) d = 0; setdebt(g, d); }\n" +
		"static void taken(struct g *g) { setdebt(g, g->total); }\n" +
		"static void often(struct g *g) { setdebt(g, 1); }\n" +
		"static void looping(struct g *g) { while (g->debt) setdebt(g, 1); }\n" +
		"static void cycle(struct g *g);\n" +
		"static void cyclic(struct g *g) { if (g->next) cycle(g->next); }\n" +
		"static void cycle(struct g *g) { setdebt(g, 1); cyclic(g); cyclic(g); cyclic(g); cyclic(g); cyclic(g); }\n" +
		"static void big(struct g *g) {\n" + strings.Repeat("\tsetdebt(g->next, g->total + g->debt * 3 - g->next->debt);\n", 6) + "}\n" +
		"static void bulky(struct g *g) {\n" + strings.Repeat("\tsetdebt(g->next, g->total + g->debt * 3 - g->next->debt);\n", 6) + "}\n" +
		"static void framed(struct g *g) {\n\tstruct g copy = *g;\n" + strings.Repeat("\tsetdebt(&copy, g->total + g->debt * 3 - g->next->debt);\n", 6) + "}\n" +
		"static void framedOnce(struct g *g) {\n\tstruct g copy = *g;\n" + strings.Repeat("\tsetdebt(&copy, g->total + g->debt * 3 - g->next->debt);\n", 6) + "}\n" +
		"void (*hook)(struct g *) = taken;\n" +
		"void step(struct g *g) { pause(g); taken(g); big(g); pause(g->next); big(g->next); framed(g); framedOnce(g); framedOnce(g->next); }\n" +
		"void many(struct g *g) { often(g); often(g); often(g->next); often(g->next); often(g->next->next); framed(g);\n" +
		"\tlooping(g); looping(g); looping(g); looping(g); looping(g);\n" +
		"\tbulky(g); bulky(g); bulky(g); bulky(g); bulky(g); }\n"
	for _, full := range []bool{false, true} {
		_, _, out := writeInstrumentedCode(t, newTestConfig(t, full), "hint.c", code)
		for name, want := range map[string]bool{"pause": !full, "taken": false, "big": !full, "bulky": false, "often": !full, "framed": false,
			"framedOnce": !full, "looping": false, "cyclic": false} {
			if got := regexp.MustCompile(`__inline__ static void ` + name + `\(`).Match(out); got != want {
				t.Errorf("full %v: %s's inline hint %v, want %v", full, name, got, want)
			}
		}
		if got := bytes.Contains(out, []byte("__inline__ __attribute__((__always_inline__)) static void looping(")); got != !full {
			t.Errorf("full %v: looping always inlined %v, want %v", full, got, !full)
		}
	}
}

// TestLibmCallsAreNoCalls: a call of libc's sqrt, as <math.h> declares it,
// is what __builtin_sqrt is (libmScalar): no frame site is stored for it,
// and a function calling nothing else is a leaf, with no frame and no side
// frame (nbody's pull); a function of the program of the same shape, or
// libc's sqrt declared by the program itself, is a call.
func TestLibmCallsAreNoCalls(t *testing.T) {
	code := "#include <math.h>\n" +
		"extern double root(double);\n" +
		"void pull(const double *p, double *out) { *out += sqrt(*p * *p + 1.0); }\n" +
		"void tug(const double *p, double *out) { *out += root(*p * *p + 1.0); }\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "pull.c", code)
	for _, f := range []struct {
		name string
		call bool
	}{{"pull", false}, {"tug", true}} {
		body := functionText(out, "void "+f.name+"(")
		if frame := bytes.Contains(body, []byte("__ml_t.frames[")); frame != f.call {
			t.Errorf("%s stores a call's frame site: %v, want %v\n%s", f.name, frame, f.call, body)
		}
		if side := bytes.Contains(body, []byte("__ml_side_push(")); side != f.call {
			t.Errorf("%s has a side frame: %v, want %v", f.name, side, f.call)
		}
	}
	own := "double sqrt(double);\n" +
		"void pull(const double *p, double *out) { *out += sqrt(*p * *p + 1.0); }\n"
	_, _, out = writeInstrumentedCode(t, newTestConfig(t, false), "own.c", own)
	at := bytes.LastIndex(out, []byte("void pull("))
	if !bytes.Contains(out[at:], []byte("__ml_t.frames[")) {
		t.Errorf("sqrt declared by the program is no call:\n%s", out[at:])
	}
}

// TestUnitWithoutVectorizers: an instrumented unit is compiled without
// gcc's vectorizers (their time buys checked code nothing), in both modes.
func TestUnitWithoutVectorizers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.c")
	if err := os.WriteFile(path, []byte("int f(int *p, int n) { int s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, full := range []bool{false, true} {
		out, err := fileOf(newTestConfig(t, full), path)
		if err != nil {
			t.Fatal(err)
		}
		flags := UnitFlags(out)
		for _, f := range []string{"-fno-tree-loop-vectorize", "-fno-tree-slp-vectorize"} {
			if !slices.Contains(flags, f) {
				t.Errorf("full=%v: unit flags %q lack %s", full, flags, f)
			}
		}
	}
}

// TestMemberAddressComparedWithoutMeta: &p->f compared, p a pointer read
// from memory (Lua's eqshrstr(keystrval(n), key)), reads p checked but
// fetches no meta for it (__ml_ld's volatile asm stayed though nothing
// read its result); passed to a call, the same address keeps its meta.
// With full checking p is loaded as before (its definedness is a
// dereference's to report, not the comparison's).
func TestMemberAddressComparedWithoutMeta(t *testing.T) {
	code := "struct str { int hash; char s[8]; };\n" +
		"struct node { struct node *next; union { void *gc; long i; } key; };\n" +
		"extern void use(struct str *);\n" +
		"int find(struct node *n, struct str *key) {\n" +
		"  for (; n; n = n->next)\n" +
		"    if (&((struct str *)(n->key.gc))->hash == &key->hash) return 1;\n" +
		"  return 0;\n" +
		"}\n" +
		"void pass(struct node *n) { use((struct str *)&((struct str *)n->key.gc)->hash); }\n"
	for _, full := range []bool{false, true} {
		_, src, out := writeInstrumentedCode(t, newTestConfig(t, full), "cmp.c", code)
		find := functionText(out, "int find(")
		if !full && !bytes.Contains(find, []byte("sizeof( n->key.gc )")) {
			t.Errorf("full=%v: find does not check its read of n->key.gc:\n%s", full, find)
		}
		want := 1 // n = n->next's
		if full {
			want = 2
		}
		if n := bytes.Count(find, []byte("__ml_ld(")) + bytes.Count(find, []byte("__ml_ld_sealed(")); n != want {
			t.Errorf("full=%v: find fetches %d metas, want %d:\n%s", full, n, want, find)
		}
		if pass := functionText(out, "void pass("); !bytes.Contains(pass, []byte("__ml_ld(")) && !bytes.Contains(pass, []byte("__ml_ld_sealed(")) {
			t.Errorf("full=%v: pass hands on an address without its meta:\n%s", full, pass)
		}
		unitAssembly(t, src, out)
	}
}

// TestNullStoreReadsNoRecord: optimised, a store of NULL written as such
// (n->left = NULL) writes the slot's shadow without reading NULL's record
// to test the value against its bounds (__ml_st: the record is empty at
// 0, so the hash is never inverted), in both modes; a pointer that is not
// a constant NULL still gets the test.
func TestNullStoreReadsNoRecord(t *testing.T) {
	bounds := regexp.MustCompile(`jbe\s+2f`)
	for _, full := range []bool{false, true} {
		for _, c := range []struct {
			name, code string
			tests      int
		}{
			{"null.c", "struct node { struct node *left, *right; };\n" +
				"void clear(struct node *n) { n->left = 0; n->right = (void *)0; }\n", 0},
			{"link.c", "struct node { struct node *left, *right; };\n" +
				"void link(struct node *n, struct node *m) { n->left = m; }\n", 1},
		} {
			_, src, out := writeInstrumentedCode(t, newTestConfig(t, full), c.name, c.code)
			if n := len(bounds.FindAll(unitAssembly(t, src, out), -1)); n != c.tests {
				t.Errorf("%s (full %v): %d tests of a stored value against its record, want %d", c.name, full, n, c.tests)
			}
		}
	}
}

// TestPushedParamWordsReadInPlace: optimised, a direct function with a
// side frame reads the extra words of a pointer parameter that its
// callers push (past the argument registers) where they were pushed,
// instead of copying them into the side frame at each call (nbody.c's
// recursive force); words passed in registers are still copied.
func TestPushedParamWordsReadInPlace(t *testing.T) {
	code := "struct n { struct n *kid[4]; double m; };\n" +
		"static void walk(const struct n *q, const struct n *b, double *ax, double *ay) {\n" +
		"\tint i;\n\t*ax += q->m - b->m;\n\t*ay += q->m;\n" +
		"\tfor (i = 0; i < 4; i++)\n\t\tif (q->kid[i])\n\t\t\twalk(q->kid[i], b, ax, ay);\n}\n" +
		"void run(struct n *r, double *x, double *y) { walk(r, r, x, y); }\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "walk.c", code)
	fn := functionText(out, "static void walk(")
	copied := map[string]bool{}
	for _, m := range regexp.MustCompile(`side\[-\d+\]\)? = (__ml_p(?:m|sp|wp)\d)\b`).FindAllSubmatch(fn, -1) {
		copied[string(m[1])] = true
	}
	for _, w := range []string{"__ml_pm0", "__ml_psp0", "__ml_pwp0"} {
		if !copied[w] {
			t.Errorf("%s, passed in a register, is not copied into the side frame", w)
		}
	}
	for _, i := range []string{"1", "2", "3"} {
		for _, w := range []string{"__ml_pm" + i, "__ml_psp" + i, "__ml_pwp" + i} {
			if copied[w] {
				t.Errorf("%s, pushed by the caller, is copied into the side frame", w)
			}
		}
	}
}

// TestRecursiveSteppedParamsThroughThread: optimised, a direct function
// that calls itself passes the extra words of the pointer parameters it
// assigns, past the argument registers, through __ml_t (pushed, they took
// 32 bytes of each level's frame: Lua's match 176 to 112 bytes), and keeps
// pushing those of a parameter it passes on unchanged (tree.c's delete's
// removed, read in place) when it is the only one pushed
// (TestRecursiveParamsThroughThread).
func TestRecursiveSteppedParamsThroughThread(t *testing.T) {
	code := "static int match(long depth, const char *s, const char *p, long *n) {\n" +
		"\twhile (*p) {\n" +
		"\t\tif (*p == '*') return match(depth + 1, s, p + 1, n) || (*s && match(depth + 1, s + 1, p, n));\n" +
		"\t\tif (*s != *p) return 0;\n\t\ts++;\n\t\tp++;\n\t\t(*n)++;\n\t}\n\treturn !*s;\n}\n" +
		"int glob(const char *s, const char *p, long *n) { return match(0, s, p, n); }\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "match.c", code)
	fn := functionText(out, "static int match(")
	head, _, _ := bytes.Cut(fn, []byte("{"))
	for i, param := range []bool{false, false, false, true} { // (depth no pointer)
		if w := fmt.Sprintf("__ml_pm%d", i); bytes.Contains(head, []byte(w)) != param {
			t.Errorf("match's parameters %s %s:\n%s", map[bool]string{true: "lack", false: "have"}[param], w, head)
		}
	}
}

// TestResultVarLeaf: optimised, a call-site leaf whose one return is its
// last statement hands its pointer result's words through a variable of
// its caller's (resultVar), which no store into __ml_t follows; a leaf
// with two returns hands them through __ml_t as before.
func TestResultVarLeaf(t *testing.T) {
	code := "extern void die(void) __attribute__((noreturn));\n" +
		"struct s { long *p; };\n" +
		"static long *at(struct s *s, long i) { if (i < 0) die(); return &s->p[i]; }\n" +
		"static long *two(struct s *s) { if (!s->p) return 0; return s->p; }\n" +
		"long get(struct s *s, long i) { return *at(s, i) + *two(s); }\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "rv.c", code)
	at, two := functionText(out, "static long *at("), functionText(out, "static long *two(")
	at = at[:bytes.Index(at, []byte("static long *two("))] // (the next function's line is indented)
	if !bytes.Contains(at, []byte("__ml_setret_rw("+resultParam)) || bytes.Contains(at, []byte("__ml_setret(")) {
		t.Errorf("at hands its result through __ml_t:\n%s", at)
	}
	if bytes.Contains(two, []byte(resultParam)) || !bytes.Contains(two, []byte("__ml_setret(")) {
		t.Errorf("two hands its result through a variable:\n%s", two)
	}
	if get := functionText(out, "long get("); !bytes.Contains(get, []byte("struct __ml_rw ")) {
		t.Errorf("get declares no variable for at's result:\n%s", get)
	}
}

func TestHasUnoptimized(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{`__attribute__((optimize("O0"))) static int f(void);`, true},
		{`__attribute__((__optimize__(0))) int f(void);`, true},
		{`__attribute__((optimize("no-inline", "-O0"))) int f(void);`, true},
		{`#pragma GCC optimize ("O0")`, true},
		{`[[gnu::optimize("0")]] int f(void);`, true},
		{`__attribute__((optimize("O1"))) int f(void);`, false},
		{`#pragma GCC optimize ("Og", "unroll-loops")`, false},
		{`int reoptimize(int); int x = reoptimize(0);`, false},
		{`int f(void);`, false},
	} {
		if got := hasUnoptimized([]byte(tc.text)); got != tc.want {
			t.Errorf("hasUnoptimized(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestCountedStaticAssert: counting statements puts nothing between a
// block's _Static_assert and its ';' (which cc/v4 parses as an empty
// statement of its own): gcc compiles the unit.
func TestCountedStaticAssert(t *testing.T) {
	newTestConfig(t, false) // skips without gcc
	cfg, err := NewConfig([]string{"gcc"}, []string{"-O2"}, Mode{CountStatements: true})
	if err != nil {
		t.Fatal(err)
	}
	code := "_Static_assert(sizeof(int) == 4, \"file\");\nint main(void)\n{\n\t_Static_assert(1, \"block\");\n\tint x = 3;\n\t_Static_assert(sizeof x == 4, \"x\") ;\n\t{ _Static_assert(2, \"inner\"); }\n\treturn x - 3;\n}\n"
	dir, src, out := writeInstrumentedCode(t, cfg, "asserts.c", code)
	if !bytes.Contains(out, []byte("__ml_t.clock++")) {
		t.Fatal("the unit counts no statement")
	}
	if b, err := exec.Command("gcc", "-O2", "-c", src, "-o", filepath.Join(dir, "out.o")).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, b)
	}
}

// TestMainMovesLoopInvariants: optimised, main alone is given back RTL's
// loop-invariant motion, which the unit's flags take away from functions
// whose frames matter (a constant word of vm.c's dispatch loop, an
// argument's provenance, was rebuilt at each bytecode: 3 instructions);
// unoptimised, no function is.
func TestMainMovesLoopInvariants(t *testing.T) {
	code := "struct machine { long acc; };\n" +
		"typedef const char *handler(struct machine *, const char *);\n" +
		"static const char *halt(struct machine *m, const char *pc) { m->acc += *pc; return 0; }\n" +
		"static handler *const table[1] = {halt};\n" +
		"int run(struct machine *m, const char *pc) { while (pc) pc = table[0](m, pc); return (int)m->acc; }\n" +
		"int main(int argc, char **argv) {\n" +
		"	struct machine m = {0};\n" +
		"	const char *pc = argv[argc - 1];\n" +
		"	while (pc)\n" +
		"		pc = table[*pc & 0](&m, pc);\n" +
		"	return run(&m, argv[0]) + (int)m.acc;\n" +
		"}\n"
	o0, err := NewConfig([]string{"gcc"}, []string{"-O0"}, Mode{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cfg  *Config
		want int
	}{{newTestConfig(t, false), 1}, {newTestConfig(t, true), 1}, {o0, 0}} {
		_, src, out := writeInstrumentedCode(t, c.cfg, "dispatch.c", code)
		if n := bytes.Count(out, []byte(mainOptimize)); n != c.want {
			t.Errorf("%d functions given loop-invariant motion, want %d", n, c.want)
			continue
		}
		if c.want == 1 && !bytes.Contains(functionText(out, mainOptimize), []byte("int main(")) {
			t.Errorf("loop-invariant motion given to a function other than main:\n%s", functionText(out, mainOptimize))
		}
		unitAssembly(t, src, out)
	}
}

// TestUnoptimisedInlineWordsThroughThread: unoptimised, gcc inlines only
// always_inline functions, so a direct function declared inline passes
// its pointer parameters' extra words through __ml_t as others do
// (as register parameters they took five callee-saved registers of Lua's
// -O0 precallC: 208 bytes, gcc's 80); one always inlined keeps them
// parameters, which cost nothing inlined.
func TestUnoptimisedInlineWordsThroughThread(t *testing.T) {
	code := "static inline int get(int *a, int *b, int i) { return a[i] + b[i]; }\n" +
		"static inline __attribute__((always_inline)) int put(int *a, int *b, int i) { return a[i] - b[i]; }\n" +
		"int f(int *x, int *y) { return get(x, y, 1) + put(x, y, 2); }\n"
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	cfg, err := NewConfig([]string{"gcc"}, []string{"-O0"}, Mode{})
	if err != nil {
		t.Fatal(err)
	}
	_, _, out := writeInstrumentedCode(t, cfg, "inl.c", code)
	get := out[bytes.LastIndex(out, []byte("static inline int get(")):bytes.LastIndex(out, []byte("static inline __attribute__((always_inline)) int put("))]
	put := out[bytes.LastIndex(out, []byte("static inline __attribute__((always_inline)) int put(")):bytes.LastIndex(out, []byte("int f("))]
	get, put = get[:bytes.IndexByte(get, '{')], put[:bytes.IndexByte(put, '{')]
	if bytes.Contains(get, []byte("__ml_pm")) {
		t.Errorf("get, declared inline, takes its pointers' words as parameters at -O0:\n%s", get)
	}
	if !bytes.Contains(put, []byte("__ml_pm")) {
		t.Errorf("put, always inlined, takes its pointers' words through __ml_t at -O0:\n%s", put)
	}
}

// TestNoHintIntoRecursion: optimised, a function making calls of its own
// does not get the inline hint where it would go into a function calling
// itself, directly or through a caller called from one place (gcc inlines
// that one natively): inlined, the values it keeps across its calls take
// registers and slots of the recursive frame at every level (Lua's
// lparser.c: allocupvalue, through newupvalue, into singlevaraux). One
// called from elsewhere only keeps it.
func TestNoHintIntoRecursion(t *testing.T) {
	body := "{\n" + strings.Repeat("\tsetdebt(g->next, g->total + g->debt * 3 - g->next->debt);\n", 6) + "}\n"
	code := "struct g { long debt, total; struct g *next; };\n" +
		"extern void setdebt(struct g *, long);\n" +
		"static void grown(struct g *g) " + body +
		"static void relayed(struct g *g) " + body +
		"static void plain(struct g *g) " + body +
		"static void relay(struct g *g) { relayed(g); setdebt(g, 2); }\n" +
		"static void walk(struct g *g) { if (g->next) walk(g->next); grown(g); relay(g); }\n" +
		"void top(struct g *g) { walk(g); grown(g); relayed(g); plain(g); plain(g->next); }\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "rec.c", code)
	for name, want := range map[string]bool{"grown": false, "relayed": false, "plain": true} {
		if got := regexp.MustCompile(`__inline__ static void ` + name + `\(`).Match(out); got != want {
			t.Errorf("%s's inline hint %v, want %v", name, got, want)
		}
	}
}

// TestNoHintPressingLeafLoop: optimised, a leaf whose loop steps three
// pointers or more (parameters and locals) gets no inline hint where a
// caller makes other calls besides: inlined, its values outlive the
// caller's registers across those calls and grow its frame (Lua's
// lvm.c's copy2buff in luaV_concat). The same loop called beside only
// helpers' calls (inlined, they are no calls: lapi.c's reverse beside
// index2stack), one stepping two pointers, or one only reading (a search:
// lparser.c's findlabel) keeps it.
func TestNoHintPressingLeafLoop(t *testing.T) {
	loop3 := "{ int *q = d + n; while (d < q) *d++ = *a++ + *b++; }\n"
	loop2 := "{ while (n--) *d++ = *a++; }\n"
	code := "extern void other(int *);\n" +
		"static void pressed(int *d, const int *a, const int *b, int n) " + loop3 +
		"static void alone(int *d, const int *a, const int *b, int n) " + loop3 +
		"static void two(int *d, const int *a, int n) " + loop2 +
		"static int search(const int *d, const int *a, const int *b, int n) " +
		"{ for (const int *q = d + n; d < q; d++, a++, b++) if (*d == *a + *b) return 1; return 0; }\n" +
		"void top(int *d, const int *a, const int *b) { pressed(d, a, b, 4); other(d); two(d, a, 4); other(d); d[0] = search(d, a, b, 4); }\n" +
		"void quiet(int *d, const int *a, const int *b) { alone(d, a, b, 4); two(d, a, 4); }\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "press.c", code)
	for name, want := range map[string]bool{"pressed": false, "alone": true, "two": true, "search": true} {
		if got := regexp.MustCompile(`__inline__ static (void|int) ` + name + `\(`).Match(out); got != want {
			t.Errorf("%s's inline hint %v, want %v", name, got, want)
		}
	}
}

// TestRecursiveParamsThroughThread: optimised, a direct function calling
// itself whose extra words would be pushed for more than one pointer
// parameter passes them all through __ml_t, those it passes on unchanged
// too: pushed, they took an outgoing area of 24 bytes a parameter in each
// level's frame (Lua's singlevaraux, three pointers after four arguments:
// 192 to 128 bytes); its side frame keeps them, not its native one.
func TestRecursiveParamsThroughThread(t *testing.T) {
	code := "struct fs { struct fs *prev; int n; };\n" +
		"static int find(struct fs *fs, const char *name, long *out, int base) {\n" +
		"\tif (fs->n == *name) { *out = base; return 1; }\n" +
		"\treturn fs->prev ? find(fs->prev, name, out, 0) : 0;\n}\n" +
		"int lookup(struct fs *fs, const char *name, long *out) { return find(fs, name, out, 1); }\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "find.c", code)
	head, _, _ := bytes.Cut(functionText(out, "static int find("), []byte("{"))
	if bytes.Contains(head, []byte("__ml_pm")) {
		t.Errorf("find takes its pointers' words as parameters:\n%s", head)
	}
}

// TestFullSameValueStore: with full checking, a store whose value reads
// the slot it goes into (n->left = insert(n->left, k), p->next =
// f(p->next)) is __ml_sta_same, which keeps the slot's shadow word where
// it holds that pointer already; a store of another slot's value is not,
// nor is any store outside full checking.
func TestFullSameValueStore(t *testing.T) {
	code := "#include <stdlib.h>\n" +
		"struct node { struct node *left, *right; long key; };\n" +
		"struct node *insert(struct node *n, long k) {\n" +
		"\tif (!n) { n = calloc(1, sizeof *n); if (n) n->key = k; return n; }\n" +
		"\tif (k < n->key) n->left = insert(n->left, k); else n->right = insert(n->right, k);\n" +
		"\treturn n;\n" +
		"}\n" +
		"struct list { struct list *next; };\n" +
		"extern struct list *f(struct list *);\n" +
		"void step(struct list *p, struct list *q) { p->next = f(p->next); p->next = f(q->next); q->next = p->next->next; p->next = p->next->next; }\n"
	for _, full := range []bool{true, false} {
		_, _, out := writeInstrumentedCode(t, newTestConfig(t, full), "same.c", code)
		want := map[string]int{"struct node *insert(": 2, "void step(": 1}
		for head, n := range want {
			if !full {
				n = 0
			}
			text := functionText(out, head)
			if got := bytes.Count(text, []byte("__ml_sta_same(")); got != n {
				t.Errorf("full %v: %d same-slot stores in %s, want %d:\n%s", full, got, head, n, text)
			}
		}
		if full {
			// (p->next = f(q->next), q->next = p->next->next: other
			// slots; p->next = p->next->next: the slot's pointer followed)
			if got := bytes.Count(functionText(out, "void step("), []byte("__ml_sta(")); got != 3 {
				t.Errorf("%d plain stores in step, want 3", got)
			}
		}
	}
}

// TestFullFreshObjectForgetsStaleShadow: with full checking, the pointer
// stores of a brace initializer (a compound literal returned, a local
// declared) first forget the slot's shadow word. The slot may still hold a
// dead frame's pointer that its shadow vouches for, which the store would
// take for a reference the object held and drop (QuickJS's JS_MKPTR
// results: a false MEMORY-LEAK in its test_std.js, docs/USAGE.md).
func TestFullFreshObjectForgetsStaleShadow(t *testing.T) {
	code := "typedef struct { void *ptr; long tag; } V;\n" +
		"V mk(void *p, long t) { return (V){ p, t }; }\n" +
		"long use(V);\n" +
		"long local(void *p) { V v = { p, 1 }; return use(v); }\n"
	for _, full := range []bool{true, false} {
		_, _, out := writeInstrumentedCode(t, newTestConfig(t, full), "fresh.c", code)
		for _, head := range []string{"V mk(", "long local("} {
			text := functionText(out, head)
			got := bytes.Count(text, []byte("__ml_forget_shadow((const void *)"))
			if want := map[bool]int{true: 1, false: 0}[full]; got != want {
				t.Errorf("full %v: %d stale shadows forgotten in %s, want %d:\n%s", full, got, head, want, text)
			}
		}
	}
}

// TestInlineCopyKeepsNoArgWords: a function making a copy inline
// (fixedcall.go) calls the replacement when a test fails, and the
// replacement takes its arguments' metas and words in the thread's, so
// the function cannot keep its own parameters' there (keepsArgWords).
// libpng's png_do_write_interlace checked row_info->width against the
// row buffer's meta after a memcpy of a pixel: a false
// HEAP-BUFFER-OVERFLOW in 16 of its 32 tests.
func TestInlineCopyKeepsNoArgWords(t *testing.T) {
	code := "#include <string.h>\n" +
		"struct row_info { unsigned width, depth; };\n" +
		"void squeeze(struct row_info *ri, unsigned char *row) {\n" +
		"\tsize_t bytes = ri->depth / 8; unsigned w = ri->width; unsigned char *dp = row;\n" +
		"\tfor (unsigned i = 0; i < w; i += 2) { memcpy(dp, row + i * bytes, bytes); dp += bytes; }\n" +
		"\tri->width = (w + 1) / 2;\n" +
		"}\n"
	_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "copy.c", code)
	text := functionText(out, "void squeeze(")
	if !bytes.Contains(text, []byte("__ml_fits(")) {
		t.Fatalf("the memcpy is not made inline:\n%s", text)
	}
	if bytes.Contains(text, []byte("_tw(__ml_t.arg[")) {
		t.Errorf("squeeze keeps a parameter's meta in the thread's words beside an inline copy:\n%s", text)
	}
}
