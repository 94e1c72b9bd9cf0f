/* Slices whose pointer already points past its buffer, made by a call (or
 * copied from a struct in memory) and placed without an assignment: as an
 * element of a brace initializer, of an array of structs, in one of two
 * declarators initialised by calls, in a for statement's declaration, in
 * a struct member of struct type, passed straight on as arguments. Each
 * keeps its pointer's block. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct slice {
	char *p;
	size_t n;
};

struct holder {
	int tag;
	struct slice s;
};

static char *buf;

__attribute__((noinline)) struct slice past(size_t k) { return (struct slice){buf + 16 + k, k}; }

__attribute__((noinline)) int first(struct slice s)
{
	return s.p[0]; // want HEAP-BUFFER-OVERFLOW
}

__attribute__((noinline)) int second(struct slice s, struct slice t)
{
	return s.n + t.p[0]; // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	buf = malloc(16);
	struct slice *a = malloc(sizeof *a);
	if (buf == NULL || a == NULL)
		return 1;
	memset(buf, 'a', 16);
	struct holder h = {7, past(1)};
	printf("%d\n", h.s.p[0] > 0); // want HEAP-BUFFER-OVERFLOW
	*a = past(2);
	struct holder g = {5, *a};
	printf("%d\n", g.s.p[0] > 0); // want HEAP-BUFFER-OVERFLOW
	struct slice x = past(3), y = past(4);
	printf("%d\n", x.p[0] > 0); // want HEAP-BUFFER-OVERFLOW
	printf("%d\n", y.p[0] > 0); // want HEAP-BUFFER-OVERFLOW
	struct slice v[2] = {past(5), past(6)};
	printf("%d\n", v[0].p[0] > 0); // want HEAP-BUFFER-OVERFLOW
	printf("%d\n", v[1].p[0] > 0); // want HEAP-BUFFER-OVERFLOW
	struct holder k;
	k.tag = 1;
	k.s = past(7);
	printf("%d\n", k.s.p[0] > 0); // want HEAP-BUFFER-OVERFLOW
	printf("%d\n", first(past(8)) > 0);
	printf("%d\n", second(past(9), past(10)) > 0);
	for (struct slice f = past(11); f.n != 0; f.n = 0)
		printf("%d\n", f.p[0] > 0); // want HEAP-BUFFER-OVERFLOW
	free(a);
	free(buf);
	return 0;
}
