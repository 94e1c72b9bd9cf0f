/* GNU transparent unions: a parameter of a transparent union type takes
 * an argument of any member's type, passed as the first member is (glibc
 * declares wait() and the socket calls so); its members read in the
 * callee; and flexible and zero-length arrays in unions and structs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef union {
	int *ip;
	const char *cp;
	long *lp;
} arg_t __attribute__((transparent_union));

static int show(arg_t a, int kind)
{
	if (!a.ip)
		return -1;
	return kind ? a.cp[1] : *a.ip;
}

int shown(arg_t a);

int shown(arg_t a)
{
	return a.ip ? a.ip[0] + 1 : 0;
}

union packet {
	int n;
	char bytes[0];
};

struct zl {
	int n;
	int z[0];
};

struct fam {
	int n;
	int d[];
};

int main(int argc, char **argv)
{
	(void)argv;
	int v = 42;
	long l = 7;
	static struct fam f = {2, {3, 4}};
	union packet u = {0x41424344};
	struct zl *z = malloc(sizeof *z + 3 * sizeof(int));
	z->n = 3;
	for (int i = 0; i < 3; i++)
		z->z[i] = i * argc;
	int *heap = malloc(sizeof *heap);
	*heap = 9;
	printf("%d %d %d %d %d\n", show(&v, 0), show("xy", 1), show((int *)0, 0), shown(&l), shown(heap));
	printf("%d %zu %d %c %zu %d\n", f.d[1], sizeof u, u.n, u.bytes[1], sizeof *z, z->z[2]);
	free(heap);
	free(z);
	return 0;
}
