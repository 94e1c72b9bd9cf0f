/* A local struct whose pointer member plain code (plain.c, built without
 * memlens) sets to a block it reallocated: memlens counts no reference
 * from that store, and before the check that the block was lost searched
 * only the program's data and heap, so each growth was reported as a
 * MEMORY-LEAK "not kept" (nettle's rsa-keygen, whose mpz_t locals GMP
 * reallocates). The real leak below is still reported, at its line. */
#include <stdio.h>
#include <stdlib.h>

struct num {
	int alloc;
	unsigned long *d;
};

void num_grow(struct num *n, int size);

static unsigned long sum_grown(int size)
{
	struct num a;
	a.alloc = 1;
	a.d = malloc(sizeof *a.d);
	num_grow(&a, size);
	num_grow(&a, size * 10);
	unsigned long s = a.d[size - 1];
	free(a.d);
	return s;
}

int main(void)
{
	unsigned long s = sum_grown(1000);
	char *scratch = malloc(64);
	scratch[0] = 'x';
	scratch = NULL;
	printf("%lu %d\n", s, scratch == NULL);
	return 0;
}
