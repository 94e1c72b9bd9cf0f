/* Oniguruma 6.9.8's regparse.c:8925 passes a never-written
 * tok->u.backref.level to node_new_backref, which reads it only when
 * exist_level is set: passing it decides nothing (full checking). Unlike
 * clean/uninit_argument_unused.c's callees, this one is a direct function
 * (static, a pointer parameter, every call in the unit), whose callers
 * hand the pointers' metas over without __ml_t.callee: they must still
 * set the arithmetic arguments' origins for its parameters. */
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
