/* A block defines struct s again after naming the file's struct s: the
 * front end took both mentions for the block's struct, and the unit was
 * compiled without checks (no report). The block's struct holds four longs;
 * its block on the heap is allocated one long short. */
#include <stdio.h>
#include <stdlib.h>

struct s {
	int a;
};

int main(void)
{
	struct s *p = malloc(sizeof *p);
	if (p == NULL)
		return 1;
	p->a = 5;
	struct s {
		long b[4];
	} *q = malloc(sizeof(struct s) - sizeof(long));
	if (q == NULL)
		return 1;
	for (int i = 0; i < 4; i++)
		q->b[i] = i + p->a; // want HEAP-BUFFER-OVERFLOW
	printf("%ld\n", q->b[1]);
	free(p);
	free(q);
	return 0;
}
