package instrument

import (
	"strings"
	"testing"
)

// TestPruneSystemDecls: of a system header's declarations, those the
// user's code names, directly or through a kept declaration, stay (with
// what can be told of its names: tags, enumeration constants, declarators
// in parentheses, a forward tag a prototype names), and so do file-scope
// asm, a constructor, memlens's own (a typestate header's records) and a
// declaration whose names cannot be told; the
// others leave their lines blank, their line markers and pragmas in place.
// The user's own code is never pruned, whatever it declares.
func TestPruneSystemDecls(t *testing.T) {
	header := `# 1 "/usr/include/h.h" 1 3 4
typedef unsigned long size_t;
typedef long __off_t;
typedef __off_t off_t;
typedef int unused_t;
struct timespec;
extern int nanosleep (const struct timespec *__req, struct timespec *__rem);
struct timespec { long tv_sec; long tv_nsec; };
struct unused_s { off_t x; };
enum { _ISupper = 1, _ISlower = _ISupper << 1 };
enum { _UNUSED_A, _UNUSED_B };
extern void *malloc (size_t __size) __attribute__ ((__malloc__ (free, 1)));
extern void free (void *__ptr);
extern int unused_f (const char *__s) __asm__ ("" "__unused_f");
extern void (*signal (int __sig, void (*__handler) (int))) (int);
extern int (*unused_fp) (int);
typedef void (*__sighandler_t) (int);
extern __inline __attribute__ ((__gnu_inline__)) int
used_inline (int __x)
{
#pragma GCC diagnostic push
  return __x + helper_named_in_body (__x);
#pragma GCC diagnostic pop
}
extern int helper_named_in_body (int);
extern int unused_inline_callee (int);
extern __inline int unused_inline (int __y) { return unused_inline_callee (__y); }
__asm__ (".symver foo, foo@VER");
static void __attribute__ ((__constructor__)) init_hook (void) { }
#pragma weak pragma_named
extern int pragma_named (void);
extern long pragma_unnamed (void);
extern int x_used, x_unused;
static const unsigned __ml_pck_ts_1[] = { 2 };
`
	user := `# 3 "u.c" 2
static int user_unused;
int main(void) { struct timespec ts; off_t o = _ISlower; char *p = malloc(sizeof ts);
 signal(2, 0); return nanosleep(&ts, 0) + used_inline(o) + x_used; }
`
	unit := "# 1 \"u.c\"\n" + header + user
	got := pruneSystemDecls([]byte(unit))
	kept := []string{"typedef unsigned long size_t;", "typedef long __off_t;", "typedef __off_t off_t;",
		"struct timespec;", "extern int nanosleep", "struct timespec { long", "_ISupper = 1",
		"extern void *malloc", "extern void free", "extern void (*signal", "used_inline (int __x)",
		"extern int helper_named_in_body", "__asm__ (\".symver", "init_hook", "#pragma weak pragma_named",
		"extern int pragma_named", "extern int x_used, x_unused;", "__ml_pck_ts_1", "#pragma GCC diagnostic push", user}
	for _, s := range kept {
		if !strings.Contains(string(got), s) {
			t.Errorf("%q dropped:\n%s", s, got)
		}
	}
	for _, s := range []string{"unused_t", "struct unused_s {", "_UNUSED_A", "unused_f", "unused_fp",
		"__sighandler_t", "unused_inline", "pragma_unnamed"} {
		if strings.Contains(string(got), s) {
			t.Errorf("%s kept:\n%s", s, got)
		}
	}
	if strings.Count(string(got), "\n") != strings.Count(unit, "\n") || !strings.Contains(string(got), "\n# 3 \"u.c\" 2\n") {
		t.Errorf("lines or line markers lost:\n%s", got)
	}
	if s := "# 1 \"u.c\"\nint a; }\n"; string(pruneSystemDecls([]byte(s))) != s {
		t.Errorf("an unbalanced unit was pruned")
	}
}
