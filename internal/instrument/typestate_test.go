package instrument

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"memlens/internal/typestate"
)

// TestTypestateUnits: a unit that includes a typestate header checks its
// accesses through pointers against typestates, and its annotated
// functions push their annotations at entry (all of them, in one call);
// a unit without the header gets neither.
func TestTypestateUnits(t *testing.T) {
	cfg := newTestConfig(t, false)
	header := poolHeader(t)
	body := `
static long sum(const long *p) { return p[0] + p[1]; }
PCK_R(PCK_Slot_Live_Tag) PCK_RW(PCK_Slot_Free_Link)
static long tag(long *s) { s[1] = 0; return s[0]; }
long use(long *p) { return sum(p) + tag(p); }
`
	dir := t.TempDir()
	with := filepath.Join(dir, "with.c")
	without := filepath.Join(dir, "without.c")
	if err := os.WriteFile(with, []byte("#define __MEMLENS__ 1\n#include \""+header+"\"\n"+body), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(without, []byte("#define PCK_R(...)\n#define PCK_RW(...)\n"+body), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := fileOf(cfg, with)
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	// (memlens.h, which every unit starts with, declares them)
	// (tag makes no call: its grants are a local, TestTypestateLocalGrants;
	// sum and tag are call-site leaves, whose checks store their call's
	// site before a report: the _at forms, given it; p[0]'s check tests
	// p[1]'s granule too, TestTypestatePairs; tag, with no loop, tests its
	// own grants first: _own)
	const check, pair, local, enter = " __ml_pck_chk_at((__ml_uptr)", " = __ml_pck_chk_pair_at((__ml_uptr)", " __ml_pck_chk_local_own_at((__ml_uptr)", "= __ml_pck_enter_local(&"
	if n, l := strings.Count(text, check)+strings.Count(text, pair), strings.Count(text, local); n != 2 || l != 2 {
		t.Errorf("%d typestate checks and %d with local grants, want 2 (p[0], p[1]) and 2 (s[1], s[0])", n, l)
	}
	if n := len(regexp.MustCompile(`__ml_pck_chk(_pair|_local_own)?_at\([^;]*, __ml_csp\);`).FindAllString(text, -1)); n != 4 {
		t.Errorf("%d typestate checks pass their leaf's call site, want 4", n)
	}
	enters := regexp.MustCompile(`_anns\[\] = \{&(__ml_pck_ann_\d+), &(__ml_pck_ann_\d+)\}; static struct __ml_pck_fn (__ml_pck\d+)_fn = \{__ml_pck\d+_anns, 2, [^;]*; [^;]*= __ml_pck_enter_local\(&(__ml_pck\d+)_fn\);`).FindAllStringSubmatch(text, -1)
	if len(enters) != 1 || enters[0][1] == enters[0][2] || enters[0][3] != enters[0][4] || strings.Count(text, enter) != 1 {
		t.Errorf("want tag (only) to take its two annotations at entry: %v", enters)
	}
	out, err = fileOf(cfg, without)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), check) || strings.Contains(string(out), local) || strings.Contains(string(out), enter) {
		t.Error("a unit without a typestate header has typestate code")
	}
}

// TestTypestatePrototype: an annotation before a prototype goes with the
// function's definition further down; one before a prototype of a
// function the file does not define is a warning at the annotation.
func TestTypestatePrototype(t *testing.T) {
	cfg := newTestConfig(t, false)
	var warnings strings.Builder
	cfg.warn = &warnings
	header := poolHeader(t)
	src := filepath.Join(t.TempDir(), "proto.c")
	text := "#define __MEMLENS__ 1\n#include \"" + header + `"
PCK_R(PCK_Slot_Live_Tag)
static long tag(const long *s);
  PCK_W(PCK_Slot_Free_Link)
long elsewhere(long *s);
long use(long *p) { return tag(p) + elsewhere(p); }
static long tag(const long *s) { return s[0]; }
`
	if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := fileOf(cfg, src)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`static long tag\([^{]*\{[^;]*_anns\[\] = \{&__ml_pck_ann_\d+\}; static struct __ml_pck_fn __ml_pck\d+_fn = \{__ml_pck\d+_anns, 1, [^;]*; [^;]*= __ml_pck_enter_local\(&`).Match(out) {
		t.Error("tag's definition does not push the annotation of its prototype")
	}
	want := src + ":5:3: warning: typestate annotation before a declaration of elsewhere, which this file does not define"
	if got := warnings.String(); !strings.HasPrefix(got, want) || strings.Count(got, "\n") != 1 {
		t.Errorf("warnings:\n%s\nwant one, starting %q", got, want)
	}
}

// TestTypestateLocalGrants: an annotated function that makes no call keeps
// its grants in a local, which its checks and its loops' pre-checks read;
// one that makes a call pushes a frame its callees inherit.
func TestTypestateLocalGrants(t *testing.T) {
	cfg := newTestConfig(t, false)
	header := poolHeader(t)
	src := filepath.Join(t.TempDir(), "local.c")
	text := "#define __MEMLENS__ 1\n#include \"" + header + `"
PCK_W(PCK_Slot_Live)
static void zero(long *p, int n) { for (int i = 0; i < n; i++) p[i] = 0; }
PCK_R(PCK_Slot_Live_Tag)
long tagged(long *p) { zero(p + 1, 3); return p[0]; }
PCK_W(PCK_Slot_Live_Tag)
void make_live(long *p) { pck_transition_Slot_Live(p, 32); pck_put(p + 3, 8, PCK_Slot_Live_Tag); p[0] = 1; }
`
	if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := fileOf(cfg, src)
	if err != nil {
		t.Fatal(err)
	}
	zero := regexp.MustCompile(`(?s)static void zero\(.*?= __ml_pck_enter_local\(&(__ml_pck\d+)_fn\);.*?__ml_pck_pre_in_local\([^;]*, &(__ml_pck\d+)\);.*?__ml_pck_chk_local(?:_own)?(?:_at)?\([^;]*, &(__ml_pck\d+)(?:, __ml_csp)?\);.*?long tagged`).FindSubmatch(out)
	if zero == nil || string(zero[1]) != string(zero[2]) || string(zero[1]) != string(zero[3]) {
		t.Errorf("zero does not keep its grants in a local that its pre-check and check read:\n%s", out)
	}
	if !regexp.MustCompile(`(?s)long tagged\(.*?= __ml_pck_enter\(&.*?__ml_pck_chk\(`).Match(out) {
		t.Errorf("tagged, which calls zero, does not push its grants:\n%s", out)
	}
	// a transition and pck_put neither read nor change grants
	if live := regexp.MustCompile(`(?s)\nvoid make_live\(.*`).Find(out); !bytes.Contains(live, []byte("= __ml_pck_enter_local(&")) || bytes.Contains(live, []byte("= __ml_pck_enter(&")) {
		t.Errorf("make_live, which calls only a transition and pck_put, does not keep its grants in a local:\n%s", out)
	}

	// a layout of more than 63 typestates needs more than a word of each
	// kind: such a function pushes its frame as others do
	layout := "Heap -> seq { # Cell }\nCell -> union { A -> 1 words | B -> 1 words }\n"
	for i := 0; i < 64; i++ {
		layout += fmt.Sprintf("Pad%d -> 1 words\n", i)
	}
	l, err := typestate.Parse("wide.pck", layout)
	if err != nil {
		t.Fatal(err)
	}
	wide := filepath.Join(t.TempDir(), "wide_pck.h")
	if err := os.WriteFile(wide, typestate.Header(l, typestate.Guard(wide)), 0o644); err != nil {
		t.Fatal(err)
	}
	text = "#define __MEMLENS__ 1\n#include \"" + wide + "\"\nPCK_R(PCK_Cell_A)\nlong first(long *p) { return p[0]; }\n"
	if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err = fileOf(cfg, src); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?s)long first\(.*?= __ml_pck_enter\(&.*?__ml_pck_chk_wide\(`).Match(out) {
		t.Errorf("first, under a layout of 67 typestates, does not push its grants:\n%s", out)
	}
}

// TestTypestateNeutralCallees: an annotated function whose calls are to
// functions of the unit that read no grants (no annotation, no access
// through a pointer, calls only to such functions or to library functions
// that neither check typestates nor call back) keeps its grants in a local;
// a call to a function with an access through a pointer, to one not
// defined in the unit or through a pointer, or to one calling the unit's
// own definition of a library function's name needs its frame pushed.
func TestTypestateNeutralCallees(t *testing.T) {
	cfg := newTestConfig(t, false)
	src := filepath.Join(t.TempDir(), "neutral.c")
	text := "#define __MEMLENS__ 1\n#include <stdio.h>\n#include <string.h>\n#include \"" + poolHeader(t) + `"
const char *mode;
long count;
static int hook(const char *s) { if (!mode || strcmp(mode, s)) return 0; count++; fprintf(stderr, "%s\n", s); return 1; }
static int via(const char *s) { return hook(s); }
static int peek(long *p) { return p[1] != 0; }
static int indirect(int (*f)(const char *)) { return f("x"); }
long other(long);
size_t strlen(const char *s) { size_t n = 0; while (s[n]) n++; return n; }
static int long_name(const char *s) { return strlen(s) > 1; }
PCK_W(PCK_Slot_Live_Tag)
void f_via(long *p) { if (!via("a")) p[0] = 1; }
PCK_W(PCK_Slot_Live_Tag)
void f_peek(long *p) { if (!peek(p)) p[0] = 1; }
PCK_W(PCK_Slot_Live_Tag)
void f_other(long *p) { if (!other(1)) p[0] = 1; }
PCK_W(PCK_Slot_Live_Tag)
void f_indirect(long *p) { if (!indirect(hook)) p[0] = 1; }
PCK_W(PCK_Slot_Live_Tag)
void f_own_strlen(long *p) { if (!long_name("a")) p[0] = 1; }
`
	if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := fileOf(cfg, src)
	if err != nil {
		t.Fatal(err)
	}
	for name, local := range map[string]bool{"f_via": true, "f_peek": false, "f_other": false, "f_indirect": false, "f_own_strlen": false} {
		body := regexp.MustCompile(`(?s)\nvoid ` + name + `\(.*?(\nvoid |$)`).Find(out)
		if body == nil {
			t.Fatalf("no %s in\n%s", name, out)
		}
		if got := bytes.Contains(body, []byte("= __ml_pck_enter_local(&")) && !bytes.Contains(body, []byte("= __ml_pck_enter(&")); got != local {
			t.Errorf("%s keeps its grants in a local: %v, want %v in\n%s", name, got, local, body)
		}
	}
}

// TestTypestateAvailable lists the typestate checks left in small
// functions: an access whose bytes a check of the same kind passed on
// every path before it, with no call since, is not checked again; a call,
// an assignment to its pointer or index, another kind of access or bytes
// no check covered bring the check back. (The corpus program
// ts_repeated_access runs the cases that must still report.)
func TestTypestateAvailable(t *testing.T) {
	cfg := newTestConfig(t, false)
	header := poolHeader(t)
	for _, tc := range []struct {
		name, body string
		checks     string // the typestate checks made, in order: "r" for a read, "w" for a write
	}{
		{"same field twice", "s += x->a; s += x->a; return s;", "r"},
		{"call between", "s += x->a; g(); s += x->a; return s;", "r r"},
		{"call that frees nothing", "s += x->a; k(n); s += x->a; return s;", "r r"},
		{"call in the expression", "s += x->a + g(); s += x->a; return s;", "r r"},
		{"write then read", "x->a = 1; return x->a;", "w r"},
		{"read then write", "s = x->a; x->a = 2; x->a = 3; return s;", "r w"},
		{"another field", "s += x->a; s += x->n; s += x->a; return s;", "r r"},
		{"between two fields", "s += x->v[0]; s += x->v[2]; s += x->v[1]; return s;", "r r r"},
		{"inside a checked range", "s += x->v[1]; s += x->v[2]; s += x->v[1] + x->v[2]; return s;", "r r"},
		{"struct then its member", "struct s y = *x; s += x->a; return s + y.n;", "r r"}, // (an aggregate covers only itself, as in avail.go)
		{"pointer assigned", "s += x->a; x = x->next; s += x->a; return s;", "r r r"},
		{"index unchanged", "int i = n; s += x->v[i]; s += x->v[i]; return s;", "r"},
		{"index assigned", "int i = n; s += x->v[i]; i++; s += x->v[i]; return s;", "r r"},
		{"only in one branch", "if (n) s += x->a; return s + x->a;", "r r"},
		{"in both branches", "if (n) s += x->a; else s -= x->a; return s + x->a;", "r r"},
		{"left of &&", "if (x->a && x->a > n) s++; return s;", "r"},
		{"loop body", "s += x->a; while (n--) s += x->a; return s;", "r"},
		{"loop that calls", "s += x->a; while (n--) { s += x->a; g(); } return s;", "r r"},
		{"label", "s += x->a; again: s += x->a; if (s < 9) goto again; return s;", "r r"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "#define __MEMLENS__ 1\n#include \"" + header + "\"\n" +
				"struct s { int a; int v[4]; int n; struct s *next; };\n" +
				"int g(void);\nstatic int k(int v) { return v + 1; }\n" +
				"int f(struct s *x, int n) { int s = 0; " + tc.body + " }\n"
			code := instrumentedF(t, cfg, src)
			var got []string
			for _, m := range regexp.MustCompile(`__ml_pck_chk\(\(__ml_uptr\)\w+, sizeof\(\*\w+\), [^,]+, ([01])\)`).FindAllStringSubmatch(code, -1) {
				got = append(got, map[string]string{"0": "r", "1": "w"}[m[1]])
			}
			if s := strings.Join(got, " "); s != tc.checks {
				t.Errorf("typestate checks %q, want %q in\n%s", s, tc.checks, code)
			}
		})
	}
}

// TestTypestatePairs lists the typestate checks of 8-byte fields read or
// written in turn (pckPair): a check whose neighbouring granules later
// accesses of the same kind take, with no call between, tests them too
// ("r[B,A]": B granules before its own, A after) and sets a flag, and
// those accesses are checked only when it is 0 ("r?"). A gap, a call, an
// assignment of the pointer, another kind of access or a branch that may
// not run keep the check whole. (The corpus program ts_adjacent_granules
// runs the cases that must still report.)
func TestTypestatePairs(t *testing.T) {
	cfg := newTestConfig(t, false)
	header := poolHeader(t)
	for _, tc := range []struct {
		name, body string
		checks     string
	}{
		{"next field", "s += x->tag; s += x->count; return s;", "r[0,1] r?"},
		{"field before", "s += x->count; s += x->tag; return s;", "r[1,0] r?"},
		{"run of three", "s += x->tag; s += x->count; s += x->v[0]; return s;", "r[0,2] r? r?"},
		{"both sides", "s += x->count; s += x->tag; s += x->v[0]; return s;", "r[1,1] r? r?"},
		{"at most four more", "for (int i = 0; i < 1; i++) s += i; s += x->v[0]; s += x->v[1]; s += x->v[2]; s += x->v[3]; s += x->v[4]; s += x->v[5]; return s;", "r[0,4] r? r? r? r? r"},
		{"a gap", "s += x->tag; s += x->v[0]; return s;", "r r"},
		{"call between", "s += x->tag; g(); s += x->count; return s;", "r r"},
		{"another kind", "s += x->tag; x->count = 1; return s;", "r w"},
		{"pointer assigned", "s += x->tag; x = x->next; s += x->count; return s;", "r r r"},
		{"only in one branch", "if (n) s += x->tag; return s + x->count;", "r r"},
		{"in both branches", "s += x->tag; if (n) s += x->count; else s -= x->count; return s;", "r[0,1] r? r?"},
		{"loop after", "s += x->tag; while (n--) s += x->count; return s;", "r[0,1] r?"},
		{"narrow fields", "s += x->half[0]; s += x->half[1]; return s;", "r r"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "#define __MEMLENS__ 1\n#include \"" + header + "\"\n" +
				"struct s { long tag, count; long v[6]; int half[2]; struct s *next; };\n" +
				"long g(void);\n" +
				"int f(struct s *x, int n) { long s = 0; " + tc.body + " }\n"
			code := instrumentedF(t, cfg, src)
			kind := map[string]string{"0": "r", "1": "w"}
			var got []string
			re := regexp.MustCompile(`= __ml_pck_chk_pair\(\(__ml_uptr\)\w+, (\d+), (\d+), [^,]+, ([01])\)|(if \(!\w+\) )?__ml_pck_chk\(\(__ml_uptr\)\w+, sizeof\(\*\w+\), [^,]+, ([01])\)`)
			for _, m := range re.FindAllStringSubmatch(code, -1) {
				switch {
				case m[3] != "":
					got = append(got, kind[m[3]]+"["+m[1]+","+m[2]+"]")
				case m[4] != "":
					got = append(got, kind[m[5]]+"?")
				default:
					got = append(got, kind[m[5]])
				}
			}
			if s := strings.Join(got, " "); s != tc.checks {
				t.Errorf("typestate checks %q, want %q in\n%s", s, tc.checks, code)
			}
		})
	}
}

// TestTypestateAfterTransition lists the typestate checks left right
// after a transition (pool.pck: a free slot's first word is its Link, a
// live one's its Tag): none for an access to a part the transition set at
// a fixed place that the function's own annotations grant, tested against
// the transition's size where that is a parameter; a size that may be too
// short, another kind of access, a grant withdrawn, a call or an
// assignment in between, bytes past the part, a size not read again or a
// call that may change the function's frame (pck_protect, a function not
// annotated that may call it) keep the check. (The corpus program ts_after_transition runs the cases
// that must still report.)
func TestTypestateAfterTransition(t *testing.T) {
	cfg := newTestConfig(t, false)
	header := poolHeader(t)
	const guard = "if (!((unsigned long)"
	for _, tc := range []struct {
		name, grants, body string
		checks             string // the typestate checks made, in order: "r" for a read, "w" for a write, "w?" guarded by the size
	}{
		{"constant size", "PCK_W(PCK_Slot_Free_Link)", "pck_transition_Slot_Free(x, 32); x->a = 1;", ""},
		{"size a parameter", "PCK_W(PCK_Slot_Free_Link)", "pck_transition_Slot_Free(x, n); x->a = 1;", "w?"},
		{"size computed from parameters", "PCK_W(PCK_Slot_Free_Link)", "pck_transition_Slot_Free(x, (2 + n) * sizeof *x); x->a = 1;", "w?"},
		{"size too short", "PCK_W(PCK_Slot_Free_Link)", "pck_transition_Slot_Free(x, 4); x->a = 1;", "w"},
		{"size a local", "PCK_W(PCK_Slot_Free_Link)", "unsigned long m = n * 2; pck_transition_Slot_Free(x, m); x->a = 1;", "w"},
		{"size assigned", "PCK_W(PCK_Slot_Free_Link)", "pck_transition_Slot_Free(x, n); n = 32; x->a = 1;", "w"},
		{"read not granted", "PCK_W(PCK_Slot_Free_Link)", "pck_transition_Slot_Free(x, 32); x->a = 1; return x->a;", "r"},
		{"read and write granted", "PCK_RW(PCK_Slot_Free_Link)", "pck_transition_Slot_Free(x, 32); x->a = 1; return x->a;", ""},
		{"grant withdrawn", "PCK_W(PCK_Slot_Free_Link) PCK_NONE(PCK_Slot_Free_Link)", "pck_transition_Slot_Free(x, 32); x->a = 1;", "w"},
		{"another part's grant", "PCK_W(PCK_Slot_Live_Tag)", "pck_transition_Slot_Free(x, 32); x->a = 1;", "w"},
		{"call between", "PCK_W(PCK_Slot_Free_Link)", "pck_transition_Slot_Free(x, 32); g(); x->a = 1;", "w"},
		{"pointer assigned", "PCK_W(PCK_Slot_Free_Link)", "pck_transition_Slot_Free(x, 32); x = x->next; x->a = 1;", "r w"},
		{"past the fixed part", "PCK_W(PCK_Slot_Free_Link)", "pck_transition_Slot_Free(x, 32); x->b = 1;", "w"},
		{"in one branch", "PCK_W(PCK_Slot_Free_Link)", "if (n) pck_transition_Slot_Free(x, 32); x->a = 1;", "w"},
		{"protected before", "PCK_W(PCK_Slot_Free_Link)", "pck_protect(PCK_Slot_Free_Link, PCK_PERM_R); pck_transition_Slot_Free(x, 32); x->a = 1;", "w"},
		{"a call that may protect before", "PCK_W(PCK_Slot_Free_Link)", "g(); pck_transition_Slot_Free(x, 32); x->a = 1;", "w"},
		{"an annotated call before", "PCK_W(PCK_Slot_Free_Link)", "h(x); pck_transition_Slot_Free(x, 32); x->a = 1;", ""},
		{"through a cast", "PCK_W(PCK_Slot_Free_Link)", "pck_transition_Slot_Free(x, n); *(long *)x = 1; ((struct s *)x)->a = 1;", "w? w?"},
		{"through a cast, past the fixed part", "PCK_W(PCK_Slot_Free_Link)", "pck_transition_Slot_Free(x, 32); ((long *)x)[1] = 1; ((struct s *)(char *)x)->b = 1;", "w w"},
		{"through a cast, size too short", "PCK_W(PCK_Slot_Free_Link)", "pck_transition_Slot_Free(x, 4); *(long *)x = 1;", "w"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "#define __MEMLENS__ 1\n#include \"" + header + "\"\n" +
				"struct s { long a; long b; struct s *next; };\n" +
				"int g(void);\nPCK_R(PCK_Slot_Live_Tag)\nstatic long h(struct s *y) { return y->a; }\n" + tc.grants + "\nint f(struct s *x, unsigned long n) { " + tc.body + " return 0; }\n"
			code := instrumentedF(t, cfg, src)
			var got []string
			// (f's grants are a local: a guarded check tests its own first, _own)
			for _, m := range regexp.MustCompile(`(if \(!\(\(unsigned long\)[^{]* >= 8UL\)\) \{ )?__ml_pck_chk(?:_local(_own)?)?\(\(__ml_uptr\)\w+, sizeof\(\*\w+\), [^,]+, ([01])`).FindAllStringSubmatch(code, -1) {
				c := map[string]string{"0": "r", "1": "w"}[m[3]]
				if m[1] != "" {
					c += "?"
				}
				if m[1] != "" && m[2] == "" {
					t.Errorf("a check guarded by the transition's test tests the function's own grants first (_own): %q", m[0])
				}
				got = append(got, c)
			}
			if s := strings.Join(got, " "); s != tc.checks {
				t.Errorf("typestate checks %q, want %q in\n%s", s, tc.checks, code)
			}
			if strings.Contains(tc.checks, "?") != strings.Contains(code, guard) {
				t.Errorf("want the guard %q only where a check is guarded, in\n%s", guard, code)
			}
		})
	}
}

// TestTypestateFieldLoop lists the typestate checks of a loop over an
// object's fields right after its transition (Cell_Object: a header, then
// # Field): p[K + i] for i from A to B inside the copies is tested against
// the transition's size instead of checked ("w#"), where the function's
// own grants allow the fields; anything else is checked as before. (The
// corpus program ts_field_loop runs the cases that must still report.)
func TestTypestateFieldLoop(t *testing.T) {
	cfg := newTestConfig(t, false)
	header, err := filepath.Abs("../../testdata/bugs/ts_gc_unrooted/gc_pck.h")
	if err != nil {
		t.Fatal(err)
	}
	const tr = "pck_transition_Cell_Object(c, (2 + n) * sizeof *c); "
	for _, tc := range []struct {
		name, grants, body string
		checks             string // "r" for a read, "w" for a write, "w#" tested against the transition's size
	}{
		{"fields", "PCK_W(PCK_Field)", tr + "for (unsigned long i = 0; i < n; i++) c[2 + i] = 0;", "w#"},
		{"index plus", "PCK_W(PCK_Field)", tr + "for (unsigned long i = 0; i < n; i++) c[i + 2] = 0;", "w#"},
		{"a constant bound", "PCK_W(PCK_Field)", tr + "for (unsigned long i = 1; i < 4; i++) c[2 + i] = 0;", "w#"},
		{"a local bound", "PCK_W(PCK_Field)", tr + "unsigned long m = n; for (unsigned long i = 0; i < m; i++) c[2 + i] = 0;", "w"},
		{"a signed index", "PCK_W(PCK_Field)", tr + "for (int i = 0; i < k; i++) c[2 + i] = 0;", "w#"},
		{"a narrower unsigned index", "PCK_W(PCK_Field)", tr + "for (unsigned i = 0; i < u; i++) c[2 + i] = 0;", "w"},
		{"from the header", "PCK_W(PCK_Field)", tr + "for (unsigned long i = 0; i < n; i++) c[1 + i] = 0;", "w"},
		{"fields not granted", "PCK_W(PCK_Cell_Object_Header_Kind)", tr + "for (unsigned long i = 0; i < n; i++) c[2 + i] = 0;", "w"},
		{"read not granted", "PCK_W(PCK_Field)", tr + "for (unsigned long i = 0; i < n; i++) s += c[2 + i];", "r"},
		{"index assigned", "PCK_W(PCK_Field)", tr + "for (unsigned long i = 0; i < n; i++) { c[2 + i] = 0; i += c[0] & 1; }", "w r"},
		{"call inside", "PCK_W(PCK_Field)", tr + "for (unsigned long i = 0; i < n; i++) c[2 + i] = g();", "w"},
		{"pointer assigned", "PCK_W(PCK_Field)", tr + "c = d; for (unsigned long i = 0; i < n; i++) c[2 + i] = 0;", "w"},
		{"size assigned", "PCK_W(PCK_Field)", tr + "n++; for (unsigned long i = 0; i < n; i++) c[2 + i] = 0;", "w"},
		{"no transition", "PCK_W(PCK_Field)", "for (unsigned long i = 0; i < n; i++) c[2 + i] = 0;", "w"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "#define __MEMLENS__ 1\n#include \"" + header + "\"\n" +
				"struct s { int a; };\nint g(void);\n" + tc.grants + "\nint f(struct s *x, unsigned long *c, unsigned long *d, unsigned long n, int k, unsigned u) { int s = 0; " + tc.body + " return s; }\n"
			code := instrumentedF(t, cfg, src)
			var got []string
			// (f's grants are a local, and it has a loop: a guarded check tests its own first, _own)
			for _, m := range regexp.MustCompile(`(if \(!\(\(unsigned long\)[^{]* <= [^{]*\)\) \{ )?__ml_pck_chk(?:_local(_own)?)?\(\(__ml_uptr\)\w+, sizeof\(\*\w+\), [^,]+, ([01])`).FindAllStringSubmatch(code, -1) {
				c := map[string]string{"0": "r", "1": "w"}[m[3]]
				if m[1] != "" {
					c += "#"
				}
				if (m[1] != "") != (m[2] != "") { // (f has a loop: only its guarded checks)
					t.Errorf("a check guarded by the transition's test tests the function's own grants first (_own), no other: %q", m[0])
				}
				got = append(got, c)
			}
			if s := strings.Join(got, " "); s != tc.checks {
				t.Errorf("typestate checks %q, want %q in\n%s", s, tc.checks, code)
			}
			// (the test is the same on every iteration: unswitched)
			if unswitched := slices.Contains(UnitFlags([]byte(code)), "-funswitch-loops"); unswitched != strings.Contains(tc.checks, "#") {
				t.Errorf("compiled with -funswitch-loops: %v, want %v", unswitched, !unswitched)
			}
		})
	}
}

// TestTypestateLoopRange lists the range pre-checks of loops and the
// accesses they guard: p[i] in for (i = A; i < B; i++) without a call, by
// kind of access; a call in the loop, another index, a pointer or bound
// the loop assigns, or a label inside leave the checks as they were. An
// access whose index only the step changes, within A and B of its type,
// tests only that the pre-check passed; otherwise that its address is in
// the range checked. (The corpus program ts_loop_range runs the cases that
// must still report.)
func TestTypestateLoopRange(t *testing.T) {
	cfg := newTestConfig(t, false)
	header := poolHeader(t)
	for _, tc := range []struct {
		name, body string
		pre        string // the pre-checks made, in the order of their accesses' rewriting: "r" for reads, "w" for writes
		guarded    int    // the checks behind a range test
		passed     int    // the checks behind the test that the pre-check passed
	}{
		{"read loop", "for (int i = 0; i < n; i++) s += p[i];", "r", 0, 1},
		{"write loop", "for (i = m; i < n; ++i) p[i] = i;", "w", 0, 1},
		{"both kinds", "for (i = 0; i < 8; i++) p[i] = p[i] + 1;", "r w", 0, 2},
		{"two pointers", "for (i = 0; i < n; i++) q[i] = p[i];", "r w", 0, 2},
		{"index assigned", "for (i = 0; i < n; i++) { s += p[i]; if (s > 9) i++; }", "r", 1, 0},
		{"wider bound", "long k = n; for (i = 0; i < k; i++) s += p[i];", "r", 1, 0},
		{"bound past the type", "for (i = 0; i < 3000000000; i++) s += p[i];", "r", 1, 0},
		{"call inside", "for (i = 0; i < n; i++) s += p[i] + g();", "", 0, 0},
		{"another index", "for (i = 0; i < n; i++) s += p[m];", "", 0, 0},
		{"pointer assigned", "for (i = 0; i < n; i++) { s += p[i]; p = q; }", "", 0, 0},
		{"bound assigned", "for (i = 0; i < n; i++) { s += p[i]; n--; }", "", 0, 0},
		{"not <", "for (i = 0; i <= n; i++) s += p[i];", "", 0, 0},
		{"label inside", "for (i = 0; i < n; i++) { again: s += p[i]; if (s < 0) goto again; }", "", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "#define __MEMLENS__ 1\n#include \"" + header + "\"\n" +
				"int g(void);\nstruct s { int a; };\n" +
				"int f(struct s *x, int *p, int *q, int m, int n) { int s = 0, i; " + tc.body + " return s; }\n"
			code := instrumentedF(t, cfg, src)
			var got []string
			for _, m := range regexp.MustCompile(`= __ml_pck_pre_in\(\w+, [^;]*, sizeof \*\w+, ([01])\)`).FindAllStringSubmatch(code, -1) {
				got = append(got, map[string]string{"0": "r", "1": "w"}[m[1]])
			}
			if s := strings.Join(got, " "); s != tc.pre {
				t.Errorf("pre-checks %q, want %q in\n%s", s, tc.pre, code)
			}
			if n := len(regexp.MustCompile(`if \(\(__ml_uptr\)\w+ - \w+ >= \w+\) __ml_pck_chk\(`).FindAllString(code, -1)); n != tc.guarded {
				t.Errorf("%d checks behind a range test, want %d in\n%s", n, tc.guarded, code)
			}
			if n := len(regexp.MustCompile(`if \(!\w+\) __ml_pck_chk\(`).FindAllString(code, -1)); n != tc.passed {
				t.Errorf("%d checks behind the pre-check's result, want %d in\n%s", n, tc.passed, code)
			}
			// (the unit of a pre-checked loop is unswitched, on its result)
			if unswitched := slices.Contains(UnitFlags([]byte(code)), "-funswitch-loops"); unswitched != (tc.pre != "") {
				t.Errorf("compiled with -funswitch-loops: %v, want %v", unswitched, tc.pre != "")
			}
		})
	}
	// not where the user optimises for size: unswitching doubles a loop
	small, err := NewConfig([]string{"gcc"}, []string{"-Os"}, Mode{})
	if err != nil {
		t.Fatal(err)
	}
	src := "#define __MEMLENS__ 1\n#include \"" + header + "\"\n" +
		"struct s { int a; };\nint f(struct s *x, int *p, int n) { int s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }\n"
	if code := instrumentedF(t, small, src); !strings.Contains(code, "__ml_pck_pre") || slices.Contains(UnitFlags([]byte(code)), "-funswitch-loops") {
		t.Errorf("under -Os, want a pre-check and no -funswitch-loops in\n%s", code)
	}
}

// poolHeader is the path of the corpus's generated header of a pool
// layout, which the tests' programs include.
func poolHeader(t *testing.T) string {
	header, err := filepath.Abs("../../testdata/bugs/ts_pool_overflow/pool_pck.h")
	if err != nil {
		t.Fatal(err)
	}
	return header
}
