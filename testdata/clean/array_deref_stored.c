/* A one-element local array written as *p and handed on in a struct
 * (mbedtls 2.28's mbedtls_mpi_cmp_int: mbedtls_mpi_uint p[1]; *p = ...;
 * Y.p = p): with full checking the store through the array's name did not
 * define its element, and the comparison's read of Y->p[0] was a false
 * UNINITIALIZED-READ in 25 places of mbedtls's test suites. */
#include <stdint.h>
#include <stdio.h>

typedef struct {
	int s;
	size_t n;
	uint64_t *p;
} mpi;

static uint64_t magnitude(int64_t z)
{
	return z >= 0 ? (uint64_t)z : -(uint64_t)z;
}

static __attribute__((noinline)) int compare(const mpi *x, const mpi *y)
{
	size_t i, j;
	for (i = x->n; i > 0; i--)
		if (x->p[i - 1] != 0)
			break;
	for (j = y->n; j > 0; j--)
		if (y->p[j - 1] != 0)
			break;
	return (int)i - (int)j;
}

static int compare_int(const mpi *x, int64_t z)
{
	mpi y;
	uint64_t p[1];
	*p = magnitude(z);
	y.s = z < 0 ? -1 : 1;
	y.n = 1;
	y.p = p;
	return compare(x, &y);
}

int main(void)
{
	uint64_t v[2] = {3, 0};
	mpi x = {1, 2, v};
	printf("%d %d\n", compare_int(&x, 5), compare_int(&x, -7));
	return 0;
}
