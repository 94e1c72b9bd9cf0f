package instrument

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAvailableChecks counts the checks left in small functions: an access
// already checked on every path is not checked again, anything that may
// have changed its pointer, index or block brings the check back. (The
// corpus programs hbo_repeated_access and dpd_repeated_access run the
// cases that must still report.)
func TestAvailableChecks(t *testing.T) {
	cfg := newTestConfig(t, true)
	for _, tc := range []struct {
		name, body string
		checks     int
	}{
		{"same field twice", "if (x->a != 1) return x->a; return 0;", 1},
		{"read then write", "x->a = x->a + 1; return x->a;", 2},
		{"index unchanged", "int i = n; s += x->v[i]; s += x->v[i]; return s;", 1},
		{"index assigned", "int i = n; s += x->v[i]; i++; s += x->v[i]; return s;", 2},
		{"pointer assigned", "s += x->a; x = x->next; s += x->a; return s;", 3},
		{"call between", "s += x->a; g(); s += x->a; return s;", 2},
		{"call in the expression", "s += x->a + g(); s += x->a; return s;", 2},
		{"only in one branch", "if (n) s += x->a; return s + x->a;", 2},
		{"in both branches", "if (n) s += x->a; else s -= x->a; return s + x->a;", 2},
		{"under &&", "if (n && x->a) s++; return s + x->a;", 2},
		{"condition of &&", "if (x->a && n) s++; return s + x->a;", 1},
		{"loop body", "s += x->a; while (n--) s += x->a; return s;", 2},
		{"label", "s += x->a; again: s += x->a; if (s < 9) goto again; return s;", 2},
		{"after return in branch", "if (!n) return x->a; return x->a + 1;", 2},
		{"cleanup at block end", "s += x->a; { __attribute__((cleanup(h))) int k = 0; s += k; } return s + x->a;", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "struct s { int a; int v[4]; struct s *next; };\nint g(void);\nvoid h(int *);\n" +
				"int f(struct s *x, int n) { int s = 0; " + tc.body + " }\n"
			path := filepath.Join(t.TempDir(), "f.c")
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := fileOf(cfg, path)
			if err != nil {
				t.Fatal(err)
			}
			code := string(out[strings.LastIndex(string(out), "int f(struct s *x"):])
			if got := strings.Count(code, "__ml_chk("); got != tc.checks {
				t.Errorf("%d checks, want %d in\n%s", got, tc.checks, code)
			}
		})
	}
}
