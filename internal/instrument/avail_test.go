package instrument

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestAvailableChecks lists the checks left in small functions: an access
// that the checks passed on every path before it prove is not checked, one
// they prove in part gets only the rest of a check (__ml_chk_range: no
// generation test; __ml_chk_end, __ml_chk_base: one bound; __ml_chk_ro: a
// write's read-only test alone), and anything
// that may have changed its pointer, index or block brings the whole check
// back. The left operand of a binary operator, and the value of an
// assignment that is not a call, are evaluated first (gcc's order). (The corpus programs hbo_repeated_access, dpd_repeated_access,
// hbo_partial_checks and dpd_partial_checks run the cases that must still
// report.)
func TestAvailableChecks(t *testing.T) {
	cfg := newTestConfig(t, false)
	for _, tc := range []struct {
		name, body string
		checks     string // the checks made, in order: "chk", "range", "end", "base", "ro"
	}{
		{"same field twice", "if (x->a != 1) return x->a; return 0;", "chk"},
		{"read then write", "x->a = x->a + 1; return x->a;", "ro chk"},
		{"value before target", "x->v[1] = x->n; return s;", "base chk"},
		{"compound value before target", "x->v[1] += x->n; return s;", "base chk"},
		{"target before a call's value", "x->a = k(x->n); return s;", "chk chk"},
		{"write after a read", "s = x->a; x->a = 2; return s;", "chk ro"},
		{"write after a read of the fields around", "s = x->a + 0; s += x->n; x->v[1] = 2; return s;", "chk end ro"},
		{"write below a read", "s = x->n; x->a = 2; return s;", "chk base"},
		{"write after a write", "x->a = 1; x->n = 2; return s;", "chk end"},
		{"index unchanged", "int i = n; s += x->v[i]; s += x->v[i]; return s;", "chk"},
		{"index assigned", "int i = n; s += x->v[i]; i++; s += x->v[i]; return s;", "chk range"},
		{"pointer assigned", "s += x->a; x = x->next; s += x->a; return s;", "chk end chk"},
		{"pointer assigned from itself", "s += x->a; x = (x = x->next)->next; return s;", "chk chk chk"},
		{"another field after", "s += x->a; s += x->n; return s;", "chk end"},
		{"another field before", "s += x->n; s += x->a; return s;", "chk base"},
		{"between two fields", "s += x->a; s += x->n; s += x->v[2]; return s;", "chk end"},
		{"next element", "s += x[n].a; s += x[n + 1].a; s += x[n].n; return s;", "chk end"},
		{"other index", "s += x[n].a; s += x[s].a; return s;", "chk range"},
		{"through a cast", "s += x->a; s += ((char *)x)[1]; return s;", "chk range"},
		{"call between", "s += x->a; g(); s += x->a; return s;", "chk chk"},
		{"call that frees nothing", "s += x->a; k(x->n); s += x->a; return s;", "chk end"},
		{"call that frees through another", "s += x->a; k2(n); s += x->a; return s;", "chk chk"},
		{"call in the expression", "s += x->a + g(); s += x->a; return s;", "chk chk"},
		{"only in one branch", "if (n) s += x->a; return s + x->a;", "chk chk"},
		{"in both branches", "if (n) s += x->a; else s -= x->a; return s + x->a;", "chk chk"},
		{"under &&", "if (n && x->a) s++; return s + x->a;", "chk chk"},
		{"condition of &&", "if (x->a && n) s++; return s + x->a;", "chk"},
		{"right of && in the then branch", "if (n && x->a) s += x->a; return s;", "chk"},
		{"right of && in a loop's body", "while (n-- && x->n) s += x->n; return s;", "chk"},
		{"right of && not in the else branch", "if (n && x->a) s++; else s += x->a; return s;", "chk chk"},
		{"right of && in the else branch of !", "if (!(n && x->a)) s++; else s += x->a; return s;", "chk chk"},
		{"right of || not in the then branch", "if (n || x->a) s += x->a; return s;", "chk chk"},
		{"under && in the right of &&", "if (n && (s || x->a)) s += x->a; return s;", "chk chk"},
		{"right of && assigning its pointer", "if (n && (x = x->next)->a) s += x->a; return s;", "chk chk chk"},
		{"loop body", "s += x->a; while (n--) s += x->a; return s;", "chk"},
		{"loop that assigns", "s += x->a; while (n--) { s += x->a; x = x->next; } return s;", "chk chk end"},
		{"loop that calls", "s += x->a; while (n--) { s += x->a; g(); } return s;", "chk chk"},
		{"after a loop", "s += x->a; while (n--) s++; return s + x->n;", "chk end"},
		{"label", "s += x->a; again: s += x->a; if (s < 9) goto again; return s;", "chk chk"},
		{"loop entered by a goto", "if (n) goto in; s += x->a; while (s < 9) { s += x->a; in: s++; } return s;", "chk chk"},
		{"after a loop entered by a goto", "if (n) goto in; s += x->a; while (n--) { in: s++; } return s + x->a;", "chk chk"},
		{"loop entered by a case label", "switch (n) { case 0: s += x->a; while (s < 9) { s += x->a; case 1: s++; } } return s;", "chk chk"},
		{"loop with a goto of its own", "s += x->a; while (n--) { s += x->a; again: if (s++ < 9) goto again; } return s;", "chk"},
		{"case label after the switch's checks", "switch (x->a) { case 1: s += x->n; break; default: s += x->a; } return s;", "chk end"},
		{"case labels chained", "switch (x->a) { case 1: case 2: s += x->a; break; } return s;", "chk"},
		{"case label after a fall through", "switch (x->a) { case 1: s += x->n; case 2: s += x->n; } return s;", "chk end end"},
		{"case label after a fall through checking more", "switch (n) { case 1: s += x->a; case 2: s += x->a; } return s;", "chk chk"},
		{"case label after a call in the switch", "switch (x->a + g()) { case 1: s += x->a; } return s;", "chk chk"},
		{"case label after a goto label", "switch (x->a) { case 1: again: case 2: s += x->a; if (s < 9) goto again; } return s;", "chk chk"},
		{"case label in a loop of the switch", "switch (x->a) { case 1: while (n--) { case 2: s += x->a; } } return s;", "chk chk"},
		{"after a switch", "switch (x->a) { case 1: s++; } return s + x->a;", "chk chk"},
		{"after return in branch", "if (!n) return x->a; return x->a + 1;", "chk chk"},
		{"cleanup at block end", "s += x->a; { __attribute__((cleanup(h))) int k = 0; s += k; } return s + x->a;", "chk chk"},
		{"local retired at block end", "s += x->a; { int k = 0; h(&k); s += k; } return s + x->a;", "chk chk"},
		{"declarators in order", "int a = x->a, b = x->n; return a + b;", "chk end"},
		{"left operand first", "return x->a + x->n;", "chk end"},
		{"arguments in the compiler's order (last first)", "return k3(x, x->a, x->n, x->v[1]);", "chk end base"},
		{"an argument under a condition", "return k3(x, x->a, n ? x->n : 0, x->v[1]);", "chk end base"},
		{"arguments of a call that may free (they run before it)", "int g3(struct s *, int, int, int); return g3(x, x->a, x->n, x->v[1]);", "chk end base"},
		{"arguments of a call that may free, after checks", "int g3(struct s *, int, int, int); s += x->a; return g3(x, x->n, 0, 0) + x->a;", "chk end chk"},
		{"arguments of a call that may free, no pointer among them", "int g2(int, int); s += x->a; return g2(x->n, 0);", "chk end"},
		{"arguments of a call that may free, beside a call", "int g3(struct s *, int, int, int); return g3(x, x->a, g(), x->v[1]);", "chk chk"},
		{"arguments of a call that may free, after a call", "int g3(struct s *, int, int, int); s += x->a; return g() + g3(x, x->n, 0, 0);", "chk chk"},
		{"arguments of a call that may free, in the arm of ?:", "int g3(struct s *, int, int, int); return x->n ? g3(x, x->a, 0, 0) : 0;", "chk base"},
		{"arguments of a call that may free, in an argument", "int g3(struct s *, int, int, int); return g3(x, g3(x, x->a, 0, 0), x->n, 0);", "chk chk"},
		{"left of a comma", "return (s = x->a, x->n);", "chk end"},
		{"left of a comma, a call after", "return (s = x->a, g() + x->n);", "chk chk"},
		{"comma's operands before a call that may free", "int g3(struct s *, int, int, int); return (x->v[0] = 1, s = x->n, g3(x, x->a, 0, 0), x->a);", "chk end base chk"},
		{"comma after a call", "return (g(), x->a + x->n);", "chk chk"},
		{"left of && before a call that may free", "int g3(struct s *, int, int, int); return x->n && g3(x, x->a, 0, 0);", "chk base"},
		{"left of ==, nested", "return (x->n == x->a) + x->v[1];", "chk base"},
		{"left of &&", "if (x->a && x->n) s++; return s;", "chk end"},
		{"left of ||, assigned", "if (x->a || (x = x->next)->n) s++; return s;", "chk chk chk"},
		{"condition of ?:", "return x->n ? x->a : x->v[1];", "chk base base"},
		{"under && on the left", "if ((n && x->a) && x->n) s++; return s;", "chk chk"},
		{"union member", "s += x->u.i; s += x->u.i; s += x->u.c; return s;", "chk"},
		{"field after a union member", "s += x->u.c; s += x->n; return s;", "chk end"},
		{"union member after a field", "s += x->n; s += x->u.i; return s;", "chk base"},
		{"field after a union read whole", "__typeof__(x->u) t = x->u; s += x->n; return s + t.i;", "chk end"},
		{"field before a union read whole", "__typeof__(x->u) t = x->u; s += x->a; return s + t.i;", "chk base"},
		{"union read whole after a field", "s += x->n; __typeof__(x->u) t = x->u; return s + t.i;", "chk range"},
		{"struct member of a union", "s += x->u.st.p; s += x->u.st.p; s += x->u.st.q; s += x->n; return s;", "chk range range"},
		{"element of a member array inside checked bytes", "s += x->a; s += x->n; s += x->v[n]; return s;", "chk end"},
		{"element of a member array partly checked", "s += x->a; s += x->v[2]; s += x->v[n]; return s;", "chk end range"},
		{"element of a member array in a loop", "s += x->a + 0; s += x->n; for (int i = 0; i < 4; i++) s += x->v[i]; return s;", "chk end"},
		{"element of a member array through a cast", "s += x->a; s += x->n; s += ((struct s *)x)->v[n]; return s;", "chk end range"},
		{"element of an array of arrays", "s += x->a; s += x->n; s += x->w[n][1]; return s;", "chk end range"},
		{"for's initialisation", "for (s = x->a; s < n; s++) n--; return s + x->a;", "chk"},
		{"for's declaration", "for (int i = x->a; i < n; i++) s++; return s + x->a;", "chk"},
		{"for's step after the condition", "for (; x->n; x = x->next) s++; return s;", "chk end"},
		{"for's step after a continue", "for (; x->n; x = x->next) { if (s++ > n) continue; s += 2; } return s;", "chk end"},
		{"for's step after a body that calls", "for (; x->n; x = x->next) g(); return s;", "chk chk"},
		{"for's step after a body that assigns", "for (; x->n; x = x->next) x = x->next; return s;", "chk chk end"},
		{"for's step after a body with a label", "for (; x->n; x = x->next) { again: if (s++ < n) goto again; } return s;", "chk chk"},
		{"for's initialisation, loop assigns", "for (s = x->a; s < n; s++) x = x->next; return s + x->a;", "chk chk chk"},
		{"after a test ending the path", "if (!x->a) die(); return x->a;", "chk"},
		{"after a test calling on", "if (!x->a) g(); return x->a;", "chk chk"},
		{"?: whose other arm calls", "return x->n ? x->n + x->a : g();", "chk base"},
		{"?: whose arm calls", "return x->n ? g() + x->a : x->a;", "chk chk base"},
		{"?: whose other arm calls, after checks", "s += x->a; return x->n ? x->a : g();", "chk end"},
		{"?: after a call", "return g() + (x->n ? x->a : 0);", "chk chk"},
		{"?: whose condition calls", "return (x->n + g()) ? x->a : 0;", "chk chk"},
		{"?: whose arms both call", "return x->n ? g() + x->a : g() + x->a;", "chk chk chk"},
		{"pointer stepped", "s += x->a; x++; s += x->a; return s;", "chk range"},
		{"pointer stepped by +=", "s += x->a; x += n; s += x->n; return s;", "chk range"},
		{"pointer stepped in the access", "s += x->a; s += (++x)->a + (x++)->n; return s;", "chk range range"},
		{"pointer stepped in a loop", "s += x->a; while (n--) s += (x++)->a; return s;", "chk range"},
		{"pointer stepped first", "s += (x++)->a; s += (x--)->n; return s;", "chk range"},
		{"pointer stepped, then assigned", "s += x->a; x++; x = x->next; s += x->a; return s;", "chk range chk"},
		{"pointer stepped after a join", "if (n) s += x->a; else s -= x->n; x++; return s + x->a;", "chk chk range"},
		{"pointer stepped after a join, checked again in the branch assigning it", "if (n) s += x->a; else { s -= x->n; x = x->next; s += x->a; } x++; return s + x->a;", "chk chk end chk range"},
		{"pointer stepped after a join, assigned in one branch", "if (n) s += x->a; else x = x->next; x++; return s + x->a;", "chk chk chk"},
		{"pointer stepped, block through it", "s += x->next->a; x++; s += x->next->a; return s;", "chk chk chk range"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "struct s { int a; int v[4]; union { int i; char c; struct { int p, q; } st; } u; int w[2][2]; int n; struct s *next; };\n" +
				availDecls + "int f(struct s *x, int n) { int s = 0; " + tc.body + " }\n"
			code := instrumentedF(t, cfg, src)
			var got []string
			for _, m := range regexp.MustCompile(`__ml_chk(_range|_end|_base|_ro)?(?:_sr)?(?:_tw)?\(`).FindAllStringSubmatch(code, -1) {
				if m[1] == "" {
					got = append(got, "chk")
				} else {
					got = append(got, m[1][1:])
				}
			}
			if s := strings.Join(got, " "); s != tc.checks {
				t.Errorf("checks %q, want %q in\n%s", s, tc.checks, code)
			}
		})
	}
}

// TestAvailableReloads counts the pointer loads that fetch their meta from
// the shadow (__ml_ld): a pointer read again from a slot nothing may have
// written since takes the meta of the last read; a call, a store that may
// overlap the slot, an assignment of the base, a path that did not read it
// bring the fetch back.
func TestAvailableReloads(t *testing.T) {
	cfg := newTestConfig(t, false)
	for _, tc := range []struct {
		name, body string
		loads      int
	}{
		{"read twice", "s += x->next->a; s += x->next->n; return s;", 1},
		{"twice in one expression (facts are made at its end)", "return x->next->a + x->next->n;", 2},
		{"local assigned between", "s += x->next->a; s = s * 3; s += x->next->a; return s;", 1},
		{"field beside it stored between", "s += x->next->a; x->n = 3; s += x->next->a; return s;", 1},
		{"slot stored between", "s += x->next->a; x->next = x; s += x->next->a; return s;", 2},
		{"slot stored in the expression", "s += x->next->a + (x->next = x)->n; s += x->next->a; return s;", 2},
		{"element at an index stored between", "s += x->next->a; x->v[n] = 1; s += x->next->a; return s;", 2},
		{"stored through another pointer", "s += x->next->a; x->next->n = 1; s += x->next->a; return s;", 3},
		{"call that frees nothing between", "s += x->next->a; k(n); s += x->next->a; return s;", 2},
		{"call between", "s += x->next->a; g(); s += x->next->a; return s;", 2},
		{"base assigned between", "s += x->next->a; x = x->v[0] ? x : x + 1; s += x->next->a; return s;", 2},
		{"loop body", "s += x->next->n; while (n--) s += x->next->a; return s;", 1},
		{"loop that stores the slot", "s += x->next->n; while (n--) { s += x->next->a; x->next = x; } return s;", 2},
		{"loop that stores beside it", "s += x->next->n; while (n--) { s += x->next->a; x->n = s; } return s;", 1},
		{"only in one branch", "if (n) s += x->next->a; return s + x->next->n;", 2},
		{"under &&", "if (n && x->next->a) s++; return s + x->next->n;", 2},
		{"right of && in a loop's body", "while (n-- && x->next->a) s += x->next->n; return s;", 2},
		{"label", "s += x->next->a; again: s += x->next->a; if (s < 9) goto again; return s;", 2},
		{"volatile slot", "s += x->vnext->a; s += x->vnext->a; return s;", 2},
		{"slot of a volatile object", "volatile struct s *y = x; s += y->next->a; s += y->next->a; return s;", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "struct s { int a; int v[4]; int n; struct s *next; struct s *volatile vnext; };\n" + availDecls +
				"int f(struct s *x, int n) { int s = 0; " + tc.body + " }\n"
			code := instrumentedF(t, cfg, src)
			// (a sealed member's load fetches its meta too: sealed.go)
			if got := strings.Count(code, "__ml_ld(") + strings.Count(code, "__ml_ld_sealed("); got != tc.loads {
				t.Errorf("%d loads fetch a meta, want %d in\n%s", got, tc.loads, code)
			}
		})
	}
}

// availDecls are the functions TestAvailableChecks and
// TestAvailableDefinedness call: g frees or defines anything, k nothing,
// die never returns.
const availDecls = "int g(void);\nvoid h(int *);\nstatic int k(int v) { return v + 1; }\nstatic int k2(int v) { return g() + v; }\n" +
	"static int k3(struct s *p, int a, int b, int c) { return p->a + a + b + c; }\n" +
	"void exit(int);\nstatic void die(void) { g(); exit(1); }\n"

// TestAvailableDefinedness lists the definedness operations left with full
// checking: a use of bytes a use checked or a store wrote on every path
// before it is not checked again, a store into bytes a store wrote does
// not define them again; a call, or a store of a value that may be
// undefined, brings them back. (The corpus programs uir_use_after_copy
// and uir_reported_then_stored run cases that must still report, and one
// that must not.)
func TestAvailableDefinedness(t *testing.T) {
	cfg := newTestConfig(t, true)
	for _, tc := range []struct {
		name, body string
		ops        string // the definedness operations made, in order: "use", "def"
	}{
		{"same field twice", "if (x->a) s++; if (x->a > 2) s++; return s;", "use"},
		{"another field", "if (x->a) s++; if (x->n) s++; return s;", "use use"},
		{"stored then used", "x->a = 1; if (x->a) s++; return s;", "def"},
		{"used then stored", "if (x->a) s++; x->a = 1; return s;", "use def"},
		{"stored twice", "x->a = 1; x->a = 2; return s;", "def"},
		{"call between", "if (x->a) s++; g(); if (x->a) s++; return s;", "use use"},
		{"copy stored between", "if (x->a) s++; x->n = x->v[1]; if (x->a) s++; return s;", "use use"},
		{"constant stored between", "if (x->a) s++; x->n = 3; if (x->a) s++; return s;", "use def"},
		{"pointer stored between", "if (x->a) s++; x->next = x; if (x->a) s++; return s;", "use use"},
		{"pointer moved between", "if (x->a) s++; x->next++; if (x->a) s++; return s;", "use use"},
		{"local in memory declared between", "if (x->a) s++; { int v[2]; v[0] = 1; if (v[0]) s++; } if (x->a) s++; return s;", "use def use use"},
		{"after a test ending the path", "if (!x->a) die(); if (x->a > 2) s++; return s;", "use"},
		{"in one branch only", "if (n && x->a) s++; if (x->a) s++; return s;", "use use"},
		{"in a loop that stores a copy", "if (x->a) s++; while (n--) x->n = x->v[n & 3]; if (x->a) s++; return s;", "use use"},
		{"in a loop that stores a constant", "if (x->a) s++; while (n--) x->n = 3; if (x->a) s++; return s;", "use def"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "struct s { int a; int v[4]; int n; struct s *next; };\n" + availDecls +
				"int f(struct s *x, int n) { int s = 0; " + tc.body + " }\n"
			code := instrumentedF(t, cfg, src)
			var got []string
			for _, m := range regexp.MustCompile(`__ml_(use|def)\(`).FindAllStringSubmatch(code, -1) {
				got = append(got, m[1])
			}
			if s := strings.Join(got, " "); s != tc.ops {
				t.Errorf("definedness operations %q, want %q in\n%s", s, tc.ops, code)
			}
		})
	}
}

// instrumentedF instruments the unit src and returns the instrumented text
// of its function f (whose first parameter is struct s *x).
// TestSharedRecordChecks: the checks of a loop that makes no call take
// their record from __ml_rec_of_shared (the _sr forms), which gcc shares
// between them; those of a loop that calls, or outside loops, compute
// their own.
func TestSharedRecordChecks(t *testing.T) {
	cfg := newTestConfig(t, false)
	for _, tc := range []struct {
		name, body string
		shared     string // per check, in order: "sr" or "own"
	}{
		{"call-free loop", "for (; x; x = x->next) s += x->a + x->n; return s;", "sr sr sr"},
		{"loop that calls", "for (; x; x = x->next) s += x->a + g(); return s;", "own own"},
		{"outside loops", "s += x->a; x = x->next; return s + x->n;", "own own own"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "struct s { int a; int n; struct s *next; };\n" + availDecls + "int f(struct s *x, int n) { int s = 0; " + tc.body + " }\n"
			code := instrumentedF(t, cfg, src)
			var got []string
			for _, m := range regexp.MustCompile(`__ml_chk(?:_range|_end|_base|_ro)?(_sr)?(?:_tw)?\(`).FindAllStringSubmatch(code, -1) {
				if m[1] != "" {
					got = append(got, "sr")
				} else {
					got = append(got, "own")
				}
			}
			if s := strings.Join(got, " "); s != tc.shared {
				t.Errorf("checks %q, want %q in\n%s", s, tc.shared, code)
			}
		})
	}
}

func instrumentedF(t *testing.T, cfg *Config, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "f.c")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := fileOf(cfg, path)
	if err != nil {
		t.Fatal(err)
	}
	return string(out[strings.LastIndex(string(out), "int f(struct s *x"):])
}

// TestSettledSteps counts the moves of parameter x's value that may still
// have to put its pending step into the ring (a __ml_pend each): one made
// on every path before, with no assignment to x between, leaves none, calls
// that may free between included; one on a path only, an assignment, a
// label, an operand not evaluated and a setjmp leave them.
func TestSettledSteps(t *testing.T) {
	cfg := newTestConfig(t, false)
	decls := "struct s { int a; struct s *next; };\nvoid use(struct s *);\nint test(struct s *);\n" +
		"typedef long jmp_buf[8];\nint setjmp(jmp_buf);\nextern jmp_buf jb;\n"
	for _, tc := range []struct {
		name, body string
		pends      int
	}{
		{"straight", "use(x); use(x); use(x);", 1},
		{"assigned", "use(x); x = x->next; use(x); use(x);", 2},
		{"stepped", "use(x); x++; use(x);", 2},
		{"one arm", "if (n) use(x); use(x);", 2},
		{"both arms", "if (n) use(x); else use(x); use(x);", 2},
		{"condition", "if (test(x)) n++; use(x);", 1},
		{"conditional operand", "n ? use(x) : (void)0; use(x);", 2},
		{"right of &&", "if (n && test(x)) n++; use(x);", 2},
		{"one full expression", "use(x), use(x);", 2},
		{"loop after", "use(x); for (int i = 0; i < n; i++) use(x);", 1},
		{"loop assigning", "use(x); while (n--) { use(x); x = x->next; }", 2},
		{"label", "use(x); again: use(x); if (n--) goto again;", 2},
		{"into a loop", "if (n) goto in; use(x); while (n--) { in: n++; } use(x);", 2},
		{"generic", "_Generic(n, int: use(x), default: (void)0); use(x);", 2},
		{"setjmp", "struct s *p = x->next; if (setjmp(jb)) return 0; use(p); use(p);", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "f.c")
			src := decls + "int f(struct s *x, int n) { " + tc.body + " return n; }\n"
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := fileOf(cfg, path)
			if err != nil {
				t.Fatal(err)
			}
			code := string(out[strings.LastIndex(string(out), "int f(struct s *x"):])
			if got := strings.Count(code, "= __ml_pend("); got != tc.pends {
				t.Errorf("%d moves putting x's step into the ring, want %d:\n%s", got, tc.pends, code)
			}
		})
	}
}
