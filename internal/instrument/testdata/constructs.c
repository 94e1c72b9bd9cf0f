#include <setjmp.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bits { unsigned a:3, b:5; int *ptr; };
union pun { float f; unsigned u; char *p; };
struct flex { int n; char data[]; };
struct pair { char *a, *b; };
typedef int (*cmp_fn)(const void *, const void *);
static jmp_buf env;
static char *gp;
static volatile int vglobal;
static int first_byte(const char *s) { return s[0]; }
__attribute__((noinline)) static int peek(const int *p) { return *p; }
static int apply(int (*f)(int), int v) { return f ? f(v) : v; }
static struct pair gpair;

static inline int twice(int x) { return 2 * x; }
static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
static void jump(int v) { longjmp(env, v); }
static char *dup2x(const char *s) { size_t n = strlen(s); char *r = malloc(2 * n + 1); memcpy(r, s, n); memcpy(r + n, s, n + 1); return r; }

static int switch_preamble(int x)
{
	switch (x & 1) { /* declarations before the first label: no code of ours may follow them */
		union { int i; double d; } u;
		char sbuf[4];
	case 0: u.i = 1; sbuf[0] = 'a'; sbuf[1] = 0; return u.i + (int)strlen(sbuf);
	default: return 0;
	}
}
int run(int n) {
	int vla[n];
	for (int i = 0; i < n; i++) vla[i] = i;
	struct bits b = { 1, 2, &vla[0] };
	b.a++; b.b += b.a;
	struct bits *pb = malloc(sizeof *pb);
	*pb = b;
	pb->b = 3; pb->a |= 1;
	int t = pb->a + pb->b + *pb->ptr;
	union pun u; u.f = 1.0f; t += (int)(u.u & 1);
	u.p = gp;
	struct flex *fl = malloc(sizeof *fl + 4);
	fl->n = 4; memcpy(fl->data, "abc", 4);
	t += fl->data[fl->n - 2];
	int *c = (int[]){3, 1, 2};
	cmp_fn f = cmp;
	qsort(c, 3, sizeof *c, f);
	t += c[0] * 100 + twice(c[2]);
	int arr[4] = {0};
	int i = 0;
	arr[i++] += 2;
	int *q = arr;
	*q++ = 5; *++q = 6;
	q -= 1; q += 1;
	char **names = malloc(3 * sizeof *names);
	names[0] = dup2x("ab"); names[1] = names[0] + 1; names[2] = NULL;
	char **np = names;
	np++;
	t += **np;
	gp = names[0];
	gpair.a = gp; gpair.b = n > 2 ? gp : NULL;
	struct pair cp = gpair;
	struct pair *pp = malloc(sizeof *pp);
	*pp = gpair;
	pp->a++;
	t += *cp.a + *pp->a + (cp.b != 0);
	_Atomic int at = 0; atomic_fetch_add(&at, 2); t += at;
	int x = 0; __atomic_add_fetch(&x, 1, __ATOMIC_SEQ_CST); t += x;
	volatile int vv = 3; t += vv;
	register int rg = 2; t += rg;
	__asm__ volatile("" ::: "memory");
	t += _Generic(t, int: 1, default: 2);
	t += (int)sizeof(*pb++);
	t += sizeof(int[n]);
	if (setjmp(env) == 0) jump(7);
	static int calls; calls++;
	int m2[2][3] = {{1,2,3},{4,5,6}}; t += m2[1][2];
	int (*row)[3] = m2; t += row[1][0];
	const char *cs = "hello"; t += cs[1];
	int *hp = malloc(4 * sizeof(int));
	for (int k = 0; k < 4; k++) hp[k] = k;
	int *end = hp + 4; t += (int)(end - hp);
	hp = realloc(hp, 8 * sizeof(int));
	t += hp[3];
	t += (int)sizeof(first_byte(cs)); /* a direct function in an unevaluated operand */
	t += apply(0, 1) + peek(&t) + vglobal;
	int (*fp0)(int) = 0; int (**pfp)(int) = &fp0; t += *pfp == 0;
	{ int scoped[2] = {1, 2}; int *sp = scoped; t += sp[1]; }
	t += *({ int *q = &t; q; }) > 0;
	t += switch_preamble(t);
	goto out;
out:
	free(hp); free(names[0]); free(names); free(pp); free(fl); free(pb);
	return t + calls;
}
int main(void) { printf("%d\n", run(5)); return 0; }
