/* A record whose pointer already points past its buffer is copied by
 * struct assignment, memcpy, memmove, inside a nested struct and an array
 * of structs: every copy keeps the pointer's block. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
	int id;
	char *name;
};

struct outer {
	long k;
	struct rec r;
};

struct rec table[3];

__attribute__((noinline)) void assign(struct rec *dst, const struct rec *src) { *dst = *src; }

__attribute__((noinline)) int read_name(const struct rec *r) { return r->name[0]; } // want HEAP-BUFFER-OVERFLOW

__attribute__((noinline)) int read_outer(struct outer o) { return o.r.name[1]; } // want HEAP-BUFFER-OVERFLOW

int main(void)
{
	char *buf = malloc(16);
	struct rec *a = malloc(sizeof *a), *b = malloc(sizeof *b), *c = malloc(sizeof *c);
	if (buf == NULL || a == NULL || b == NULL || c == NULL)
		return 1;
	memset(buf, 'a', 16);
	a->id = 1;
	a->name = buf + 16;
	assign(b, a);
	printf("%d\n", read_name(b) > 0);
	memcpy(c, b, sizeof *c);
	printf("%d\n", c->name[2] > 0); // want HEAP-BUFFER-OVERFLOW
	memmove(a, c, sizeof *a);
	printf("%d\n", a->name[3] > 0); // want HEAP-BUFFER-OVERFLOW
	struct outer o;
	o.k = 5;
	o.r = *a;
	struct outer o2 = o;
	printf("%d\n", read_outer(o2) > 0);
	struct rec local[3];
	memset(local, 0, sizeof local);
	local[1] = *a;
	memcpy(table, local, sizeof local);
	printf("%d\n", table[1].name[4] > 0); // want HEAP-BUFFER-OVERFLOW
	free(a);
	free(b);
	free(c);
	free(buf);
	return 0;
}
