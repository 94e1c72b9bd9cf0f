/* The check of a switch's controlling expression holds at its case
 * labels (reached only from the dispatch, or by falling through from the
 * case before): an access through the same pointer there is checked only
 * for what that check did not prove. A field past the end of a block
 * allocated too short is still reported, in a case, in the default, after
 * chained labels and after a fall through; so is a read through a pointer
 * the switch did not read, and one after a goto label inside the switch. */
#include <stdio.h>
#include <stdlib.h>

struct node {
	int kind;
	int pad;
	long value;
	long extra; /* not allocated below */
};

static long total;

static struct node *short_node(int kind)
{
	struct node *n = malloc(2 * sizeof(long)); /* too short for extra */
	n->kind = kind;
	n->pad = 0;
	n->value = kind * 10;
	return n;
}

static long eval(struct node *n, struct node *m, int again)
{
	switch (n->kind) {
	case 1:
		return n->value;
	case 2:
		return n->extra; // want HEAP-BUFFER-OVERFLOW
	case 3:
	case 4:
		total += n->value;
		/* fall through */
	case 5:
		total += n->extra; // want HEAP-BUFFER-OVERFLOW
		return m->extra; // want HEAP-BUFFER-OVERFLOW
	case 6:
	retry:
		total += n->extra; // want HEAP-BUFFER-OVERFLOW
		if (again-- > 0)
			goto retry;
		return 0;
	default:
		return n->extra + n->value; // want HEAP-BUFFER-OVERFLOW
	}
}

int main(void)
{
	struct node *n[7], *m = short_node(1);
	for (int k = 0; k < 7; k++)
		n[k] = short_node(k + 1);
	total += eval(n[0], m, 0);
	total += eval(n[1], m, 0);
	total += eval(n[2], m, 0);
	total += eval(n[4], m, 0);
	total += eval(n[5], m, 1);
	total += eval(n[6], m, 0);
	printf("%ld\n", total);
	for (int k = 0; k < 7; k++)
		free(n[k]);
	free(m);
	return 0;
}
