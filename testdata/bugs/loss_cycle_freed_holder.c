/* Freeing the struct that held the only pointer into a ring of buffers
 * cuts the ring off at the free. */
#include <stdio.h>
#include <stdlib.h>

struct seg { struct seg *next; char data[24]; };
struct pool { struct seg *cur; int n; };

static struct pool *pool_new(int n)
{
	struct pool *p = malloc(sizeof *p);
	struct seg *first = malloc(sizeof *first); // want alloc:MEMORY-LEAK
	struct seg *s = first;
	for (int i = 1; i < n; i++) {
		s->next = malloc(sizeof *s); // want alloc:MEMORY-LEAK
		s = s->next;
	}
	s->next = first;
	p->cur = first;
	p->n = n;
	return p;
}

int main(void)
{
	struct pool *p = pool_new(3);
	p->cur = p->cur->next;
	printf("%d\n", p->n);
	free(p); // want full:MEMORY-LEAK
	return 0;
}
