/* What must not be reported as UNINITIALIZED-READ: partially initialized
 * structs copied around (assignment, memcpy, by value, returned), padding
 * bytes carried by copies, unused fields, unions written through one member
 * and read through the same, bit-fields, arrays filled then read only where
 * written, calloc, memset, values written by a callee through a pointer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
	char tag;          /* 3 bytes of padding follow */
	int value;
	double unused;
	short small;       /* padding at the end too */
};

union num {
	int i;
	float f;
	unsigned char bytes[8];
};

struct flags {
	unsigned a : 1;
	unsigned b : 3;
	unsigned c : 4;
	unsigned rest : 24;
};

static struct rec make(int v)
{
	struct rec r;
	r.tag = 'r';
	r.value = v; /* unused and small never set */
	return r;
}

static void fill(int *out, int n)
{
	for (int i = 0; i < n; i++)
		out[i] = i * i;
}

static int sum_value(struct rec r) { return r.value + r.tag; }

int main(void)
{
	struct rec a = make(4);
	struct rec b;
	b = a;
	struct rec c;
	memcpy(&c, &b, sizeof c);
	struct rec *h = malloc(sizeof *h);
	*h = c;
	struct rec arr[3];
	arr[1] = *h;
	printf("%c %d %d\n", arr[1].tag, arr[1].value, sum_value(arr[1]));

	union num u;
	u.i = 42;
	printf("%d\n", u.i);
	u.f = 1.5f;
	printf("%.1f\n", u.f);
	union num v = u; /* bytes[4..7] were never written: a copy */
	printf("%.1f\n", v.f);

	struct flags fl;
	fl.a = 1;
	fl.b = 5;
	fl.c = 9;
	printf("%u %u %u\n", fl.a, fl.b, fl.c);

	int part[16];
	fill(part, 10);
	int s = 0;
	for (int i = 0; i < 10; i++)
		s += part[i];
	printf("%d\n", s);

	int *z = calloc(8, sizeof *z);
	char *m = malloc(32);
	memset(m, 'x', 31);
	m[31] = 0;
	printf("%d %zu\n", z[7], strlen(m));

	int out;
	fill(&out, 1);
	printf("%d\n", out);

	/* a conditionally assigned local read only under the same condition */
	int cond = h->value > 3, later;
	if (cond)
		later = 7;
	if (cond)
		printf("%d\n", later);

	free(m);
	free(z);
	free(h);
	return 0;
}
