/* A doubly linked list built in a function and never freed: every node
 * is pointed to by both neighbours, and the list is cut off when its only
 * local pointer leaves scope at the return. */
#include <stdio.h>
#include <stdlib.h>

struct dn { struct dn *prev, *next; int v; };

static int sum_list(int n)
{
	struct dn *first = NULL, *last = NULL;
	for (int i = 0; i < n; i++) {
		struct dn *d = calloc(1, sizeof *d); // want alloc:MEMORY-LEAK
		d->v = i;
		d->prev = last;
		if (last)
			last->next = d;
		else
			first = d;
		last = d;
	}
	last = NULL;
	int s = 0;
	for (struct dn *d = first; d; d = d->next)
		s += d->v;
	return s; // want full:MEMORY-LEAK
}

int main(void)
{
	printf("%d\n", sum_list(5));
	return 0;
}
