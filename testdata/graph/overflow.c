/* Records with a flexible array carved out of one arena: filling the first
 * record's data past its length runs into the next record. The arena is
 * one block, so memlens's pointer checks see nothing wrong; memlens graph
 * sees a write computed from one node land in another (paper 004 §V-C). */
#include <stdio.h>
#include <stdlib.h>

struct rec {
	struct rec *next;
	int len;
	char data[];
};

static struct rec *carve(char *base, size_t *used, int len)
{
	struct rec *r = (struct rec *)(base + *used);
	*used += (sizeof *r + len + 15) & ~(size_t)15;
	r->next = NULL;
	r->len = len;
	return r;
}

int main(void)
{
	char *base = malloc(256);
	size_t used = 0;
	struct rec *a = carve(base, &used, 8);
	struct rec *b = carve(base, &used, 8);
	a->next = b;
	for (int i = 0; i < b->len; i++)
		b->data[i] = 'b';
	for (int i = 0; i < a->len + 16; i++)
		a->data[i] = 0; /* overflow */
	printf("%d %c %p\n", a->len, b->data[0], (void *)b->next);
	free(base);
	return 0;
}
