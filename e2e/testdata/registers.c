/* registers.c: values held in registers across accesses whose checks fail
 * and report, the run going on: the report must leave every register as
 * it was (memlens.h's stubs call the runtime where the compiler sees no
 * call, so it saves nothing around it). Each function says whether its
 * values came through; the empty asm statements make the compiler hold
 * them in registers at the failing access. */
#include <stdio.h>
#include <stdlib.h>

typedef double v4d __attribute__((vector_size(32)));

static volatile int sink;

/* doubles in xmm registers */
__attribute__((noinline)) static int scalars(double a, double b, const int *p, int i)
{
	double c = a * b + a, d = a - b, e = a / b, f = a + b;
	__asm__ volatile("" : "+x"(c), "+x"(d), "+x"(e), "+x"(f));
	sink = p[i];
	return c == a * b + a && d == a - b && e == a / b && f == a + b;
}

/* integers in the registers a callee may clobber */
__attribute__((noinline)) static int integers(long a, long b, const int *p, int i)
{
	long c = a * b, d = a + b, e = a - b, f = a ^ b, g = a | b, h = a & b, k = a << 3;
	__asm__ volatile("" : "+r"(c), "+r"(d), "+r"(e), "+r"(f), "+r"(g), "+r"(h), "+r"(k));
	sink = p[i];
	return c == a * b && d == a + b && e == a - b && f == (a ^ b) && g == (a | b) && h == (a & b) && k == a << 3;
}

/* four doubles in ymm registers: glibc's string functions, which reports
 * use, end with vzeroupper, which clears their upper halves */
__attribute__((noinline, target("avx"))) static int vectors(const double *in, const int *p, int i)
{
	v4d a = {in[0], in[1], in[2], in[3]}, b = {in[4], in[5], in[6], in[7]};
	v4d c = a * b + a, d = a - b;
	__asm__ volatile("" : "+x"(c), "+x"(d));
	sink = p[i];
	v4d wc = a * b + a, wd = a - b;
	int kept = 1;
	for (int k = 0; k < 4; k++)
		kept &= c[k] == wc[k] && d[k] == wd[k];
	return kept;
}

/* integers and doubles held across a pointer load whose slot's shadow does
 * not vouch for the value (it was stored as an integer): the load's slow
 * path, a stub too, finds the block from the address */
__attribute__((noinline)) static int loads(long a, double x, int **slot, int i)
{
	long c = a * 3, d = a + 7, e = a - 1, f = a ^ 5, g = a | 6, h = a & 9, k = a << 2;
	double y = x * 2, z = x + 1;
	__asm__ volatile("" : "+r"(c), "+r"(d), "+r"(e), "+r"(f), "+r"(g), "+r"(h), "+r"(k), "+x"(y), "+x"(z));
	int *p = *slot;
	sink = p[i];
	return c == a * 3 && d == a + 7 && e == a - 1 && f == (a ^ 5) && g == (a | 6) && h == (a & 9) &&
	       k == a << 2 && y == x * 2 && z == x + 1;
}

/* integers held across a load of NULL from such a slot, which the load's
 * stub answers in its first instructions (rax, rcx and rdx kept on the
 * stack) */
__attribute__((noinline)) static int null_loads(long a, int **slot)
{
	long c = a * 3, d = a + 7, e = a - 1, f = a ^ 5, g = a | 6, h = a & 9, k = a << 2;
	__asm__ volatile("" : "+r"(c), "+r"(d), "+r"(e), "+r"(f), "+r"(g), "+r"(h), "+r"(k));
	int *p = *slot;
	__asm__ volatile("" : "+r"(c), "+r"(d), "+r"(e), "+r"(f), "+r"(g), "+r"(h), "+r"(k));
	return !p && c == a * 3 && d == a + 7 && e == a - 1 && f == (a ^ 5) && g == (a | 6) && h == (a & 9) &&
	       k == a << 2;
}

int main(int argc, char **argv)
{
	(void)argv;
	int *p = malloc(4 * sizeof *p);
	for (int i = 0; i < 4; i++)
		p[i] = i;
	printf("scalars %s\n", scalars(3.0 * argc, 2.0, p, 4) ? "kept" : "clobbered");
	printf("integers %s\n", integers(3L * argc, 5, p, 5) ? "kept" : "clobbered");
	int *slot[1];
	*(unsigned long *)slot = (unsigned long)p;
	printf("loads %s\n", loads(5L * argc, 1.5 * argc, slot, 7) ? "kept" : "clobbered");
	*(unsigned long *)slot = 0;
	printf("null loads %s\n", null_loads(5L * argc, slot) ? "kept" : "clobbered");
	if (__builtin_cpu_supports("avx")) {
		double in[8] = {1, 2, 3, 4, 5, 6, 7, 8};
		in[0] *= argc;
		printf("vectors %s\n", vectors(in, p, 6) ? "kept" : "clobbered");
	} else {
		printf("vectors not tried: no AVX\n");
	}
	free(p);
	return 0;
}
