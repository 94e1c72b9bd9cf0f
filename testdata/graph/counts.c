/* Integer members updated in place (++, --, +=): traced as stores, so
 * invariants over them name the update that broke them. */
#include <stdio.h>
#include <stdlib.h>

struct bucket {
	int count;
	long total;
	short left;
	struct bucket *next;
};

int main(void)
{
	struct bucket *b = calloc(1, sizeof *b);
	for (int i = 0; i < 5; i++) {
		b->count++; /* breaks few */
		b->total += i * 10; /* breaks small_total */
	}
	int seen = 0;
	for (int i = 0; i < 2; i++)
		seen += --b->left; /* breaks non_negative */
	char *line = malloc(64); /* (the structures are at rest before it) */
	snprintf(line, 64, "%d %ld %d %d", b->count, b->total, b->left, seen);
	puts(line);
	free(line);
	free(b);
	return 0;
}
