/* Parked (a known false report with --memlens-full, docs/USAGE.md, second
 * round of 2026-12-06): Oniguruma 6.9.8's regparse.c:8925 passes a
 * never-written tok->u.backref.level to node_new_backref, which reads it
 * only when exist_level is set. With four int parameters (the callee
 * noinline) memlens says nothing, as clean/uninit_argument_unused.c wants;
 * with this callee's six (a pointer among them, the callee static and
 * inlinable) it reports UNINITIALIZED-READ at the call in prs. The cause:
 * node_new_backref is a direct function (all its calls in the unit, its
 * pointer parameters' metas in __ml_t's words without __ml_t.callee), and a
 * direct call passes no origins (directCall renders its arithmetic
 * arguments as used; the callee's parameters get no companion origin), so
 * the never-written level is used at the call. Passing origins to direct
 * callees costs a thread word store per arithmetic argument per call. */
#include <stdio.h>
#include <stdlib.h>
typedef struct { int type; union { struct { int num; int by_name; int exist_level; int level; } backref; long c; } u; } Tok;
static int *node_new_backref(int num, int *refs, int by_name, int exist_level, int level, void *env) {
  int *n = malloc(sizeof *n);
  *n = num + by_name;
  if (exist_level) *n += level;
  return n;
}
static __attribute__((noinline)) void fetch(Tok *tok, int k) { tok->type = k; tok->u.backref.num = k; tok->u.backref.by_name = 0; tok->u.backref.exist_level = 0; }
static int prs(Tok *tok, int **np) { *np = node_new_backref(tok->u.backref.num, &tok->u.backref.num, tok->u.backref.by_name, tok->u.backref.exist_level, tok->u.backref.level, np); return 0; }
int main(int argc, char **argv) {
  Tok tok; int *n;
  fetch(&tok, argc);
  prs(&tok, &n);
  printf("%d\n", *n);
  free(n);
  return 0;
}
