/* Code that compiles without a warning under -Wall -Wextra must still do
 * so instrumented: fall-through comments (which gcc reads, and the output
 * has no comments) and a pointer assigned only to be compared. */
#include <stddef.h>

struct node {
	struct node *next;
	int level;
};

int classify(int c)
{
	int n = 0;
	switch (c) {
	case 'a':
		n++;
		/* FALLTHROUGH */
	case 'b':
		n++;
		// falls through
	default:
		n++;
	}
	return n;
}

int count_above(struct node *head, int level)
{
	int k = 0;
	struct node *up; /* only ever compared */
	while (head != NULL && (up = head->next) != NULL && head->level >= level) {
		k++;
		head = head->next;
	}
	return k;
}

int flag_of(int a)
{
	int res; /* a register local with an origin companion (full checking) */
	if (a > 0)
		res = 1;
	else
		res = 0;
	return res;
}
