/* Compiled by gcc alone: grows a number's limbs in place, storing the
 * new block's pointer into the caller's struct (as GMP's mpz_realloc
 * does for an mpz_t). */
#include <stdlib.h>

struct num {
	int alloc;
	unsigned long *d;
};

void num_grow(struct num *n, int size)
{
	n->d = realloc(n->d, size * sizeof *n->d);
	n->alloc = size;
	for (int i = 0; i < size; i++)
		n->d[i] = (unsigned long)i;
}
