/* Unions passed and returned by value: declared with no attribute at all
 * (memlens looked for transparent_union among their attributes, which
 * such a union has none of, and crashed: seven of gcc's c-torture/execute
 * programs), with another attribute, holding pointers, and a transparent
 * union taking a member's type. */
#include <stdio.h>
#include <stdlib.h>

union num {
	int i;
	double d;
	char bytes[8];
};

union ptrs {
	int *ip;
	char *cp;
};

union wide {
	long l;
	char c;
} __attribute__((aligned(16)));

typedef union {
	int *ip;
	long *lp;
} any_t __attribute__((transparent_union));

static union num twice(union num n, int is_int)
{
	if (is_int)
		n.i *= 2;
	else
		n.d *= 2;
	return n;
}

union ptrs pick(union ptrs a, union ptrs b, int first);

union ptrs pick(union ptrs a, union ptrs b, int first)
{
	return first ? a : b;
}

static long first_long(union wide w)
{
	return w.l + w.c;
}

static long through(any_t a)
{
	return *a.lp;
}

int main(int argc, char **argv)
{
	(void)argv;
	union num n = {.i = 21};
	union num m = twice(n, 1);
	union num d = {.d = 1.25};
	d = twice(d, 0);
	int x = 5;
	char s[] = "memlens";
	union ptrs p = {.ip = &x}, q = {.cp = s};
	union ptrs r = pick(p, q, argc > 1);
	union wide w = {.l = 77};
	long l = 9;
	int *heap = malloc(2 * sizeof *heap);
	heap[0] = 3;
	heap[1] = 4;
	union ptrs h = {.ip = heap};
	printf("%d %.2f %c %ld %ld %d %d\n", m.i, d.d, r.cp[1], first_long(w), through(&l), pick(h, p, 1).ip[1], *pick(h, p, 0).ip);
	free(heap);
	return 0;
}
