/* Flag bytes of never-written blocks whose bits are set one at a time
 * (|=), tested against zero with a mask that also keeps bits never set:
 * the value is nonzero whatever those hold, since a defined bit it keeps
 * is set, and Valgrind's exact comparison reports nothing. Every way of
 * testing it: an if's or a loop's condition, a comparison with zero on
 * either side, either operand of && and ||, !, a ?:'s condition, a
 * run-time mask, a wider read. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
	unsigned char flags; /* only the bits set below are ever written */
	uint16_t state;
};

enum { DIRTY = 0x80, PINNED = 0x01, SHARED = 0x40 };

static int __attribute__((noinline)) tests(const struct node *n, unsigned mask)
{
	int count = 0;
	if (n->flags & (DIRTY | PINNED))
		count++;
	if ((n->flags & (DIRTY | SHARED)) != 0)
		count++;
	if (0 == (n->flags & (DIRTY | PINNED)))
		count += 100;
	if ((n->flags & mask) && count > 1)
		count++;
	if (count < 0 || (n->flags & 0x81))
		count++;
	if (!(n->flags & 0x81))
		count += 100;
	count += (n->flags & 0xc0) ? 1 : 100;
	while (n->state & 0x0101)
		return count + 1;
	return count;
}

int main(void)
{
	struct node *n = malloc(sizeof *n);
	if (!n)
		return 1;
	n->flags |= DIRTY;
	n->state |= 0x0100;
	printf("%d\n", tests(n, 0x83));
	free(n);
	return 0;
}
