/* The origin a report names for undefined bytes: stored into a struct's
 * field through a pointer, they come from the heap block they were read
 * from, not from the struct's declaration; and a local declared again
 * starts from its own declaration, whatever bytes were copied into the
 * earlier locals whose records it reuses (thousands of calls, more than
 * memlens keeps retired locals' records from reuse). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pixel {
	unsigned r, g, b, a;
};

static void *volatile escape;

__attribute__((noinline)) static void set_alpha(struct pixel *p, const unsigned char *row)
{
	p->a = row[1];
}

__attribute__((noinline)) static int opaque(const unsigned char *row, int fill)
{
	struct pixel px; // want full:origin:UNINITIALIZED-READ
	escape = &px;
	if (fill) {
		set_alpha(&px, row);
		return px.a == 255;
	}
	return px.a == 0;
}

int main(void)
{
	unsigned char *decoded = malloc(64); // want full:origin:UNINITIALIZED-READ
	unsigned char *row = malloc(32);
	if (decoded == NULL || row == NULL)
		return 1;
	memcpy(row, decoded + 1, 32);
	int n = 0;
	for (int i = 0; i < 5000; i++)
		n += opaque(row, 1); // want full:UNINITIALIZED-READ
	n += opaque(row, 0); // want full:UNINITIALIZED-READ
	printf("%d\n", n);
	free(row);
	free(decoded);
	return 0;
}
