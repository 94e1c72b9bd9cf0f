package rules

import (
	"strings"
	"testing"
)

// TestParamNames reads the parameter names of definitions as C writes
// them, and refuses what a wrapper cannot forward.
func TestParamNames(t *testing.T) {
	for _, c := range []struct {
		params string
		want   string // names joined by ",", or "!" for none possible
	}{
		{"void", ""},
		{"", ""},
		{"int a", "a"},
		{"const char *restrict s, size_t n", "s,n"},
		{"int (*cmp)(const void *, const void *), void *ctx", "cmp,ctx"},
		{"char buf[static 16], struct point p", "buf,p"},
		{"register int x", "x"},
		{"int a __attribute__((unused)), unsigned long long b", "a,b"},
		{"const char *fmt, ...", "fmt,..."},
		{"int", "!"},
	} {
		names, variadic, ok, _ := paramNames(lexC([]byte(c.params)))
		if variadic {
			names = append(names, "...")
		}
		got := strings.Join(names, ",")
		if !ok {
			got = "!"
		}
		if got != c.want {
			t.Errorf("(%s): got %q, want %q", c.params, got, c.want)
		}
	}
}

// TestWrap: a definition becomes its body under memlens's name and a
// wrapper of its own name under a system-header line marker, the lines
// after it keeping their numbers; a declaration is left alone.
func TestWrap(t *testing.T) {
	pre := "# 1 \"a.c\"\nstatic int f(int x);\nstatic int f(int x)\n{\n\treturn __func__[0] + x;\n}\nint g(void) { return f(1); }\n"
	out, wrapped, warnings := Wrap([]byte(pre), map[string]int{"f": 3}, "tag")
	if len(warnings) != 0 || len(wrapped) != 1 || wrapped[0] != (Wrapped{"f", "__mlr_f_tag"}) {
		t.Fatalf("wrapped %v, warnings %v", wrapped, warnings)
	}
	s := string(out)
	for _, want := range []string{
		"static int f(int x);\n# 2 \"a.c\"\n__attribute__((visibility(\"hidden\"))) int __mlr_f_tag(int x)",
		"return \"f\"[0] + x;",
		"# 1 \"<memlens rules>\" 1 3\n",
		"__ml_rules_call(3, __mlr_own, __mlr_m, 1, (const void *)&x, sizeof x,",
		"__typeof__(__mlr_f_tag(x)) __mlr_v = __mlr_f_tag(x);",
		"__ml_rules_ret(3, __mlr_m, __mlr_ownret, 1, 1, (const void *)&x, sizeof x,",
		"# 5 \"a.c\" 2\nstatic int f(int x);\nint g(void)",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the wrapped text lacks %q:\n%s", want, s)
		}
	}
	if n := strings.Count(s, "static int f(int x);"); n != 3 {
		t.Errorf("%d declarations of f, want the original and two:\n%s", n, s)
	}
}

// TestWrapOldStyle: a variadic definition's body takes the rest of the
// arguments as a va_list its va_start copies; a K&R definition keeps its
// parameters' declarations, and its declarations declare no parameters.
func TestWrapOldStyle(t *testing.T) {
	pre := "# 1 \"a.c\"\nint v(int n, ...)\n{\n\t__builtin_va_list ap;\n\t__builtin_va_start(ap, n);\n\tint x = __builtin_va_arg(ap, int);\n\t__builtin_va_end(ap);\n\treturn x;\n}\n" +
		"int k(a, p)\n\tint a;\n\tchar *p;\n{\n\treturn a + *p;\n}\n"
	out, wrapped, warnings := Wrap([]byte(pre), map[string]int{"v": 0, "k": 1}, "tag")
	if len(warnings) != 0 || len(wrapped) != 2 {
		t.Fatalf("wrapped %v, warnings %v", wrapped, warnings)
	}
	s := string(out)
	for _, want := range []string{
		"int __mlr_v_tag(int n, __builtin_va_list *__mlr_ap)",
		"__builtin_va_copy(ap, *__mlr_ap);",
		"__builtin_va_start(__mlr_ap, n);",
		"__mlr_v_tag(n, &__mlr_ap)",
		"__builtin_va_end(__mlr_ap);",
		"int k();\n",
		"int __mlr_k_tag(a, p)\n\tint a;\n\tchar *p;\n{",
		"int k(a, p) \tint a; \tchar *p;\n{",
		"__mlr_k_tag(a, p)",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the wrapped text lacks %q:\n%s", want, s)
		}
	}
}
