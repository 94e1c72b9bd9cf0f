/* Blocks of 16 bytes at most (the pools' 16-byte cells) that hold the
 * only pointers to other blocks, in their first word, in their second
 * word after a string's bytes or a number, or as their one word: every
 * block stays reachable from the globals until exit (no leak), so the
 * leak check must scan each small block's words, not only those of the
 * small blocks that hold no pointer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct box {
	long key;   /* a number, then */
	char *name; /* the only pointer to the name, in the second word */
};

struct link {
	struct link *next; /* the first word: the only pointer to the next */
	char tag[8];       /* a string's bytes */
};

static struct box *boxes[64];
static struct link *chain;
static char **handle; /* a block of one word, the only pointer to a string */

int main(void)
{
	char buf[32];
	for (int i = 0; i < 64; i++) {
		boxes[i] = malloc(sizeof *boxes[i]);
		boxes[i]->key = 1000 + i;
		snprintf(buf, sizeof buf, "name-%d-of-the-boxes", i);
		boxes[i]->name = strdup(buf);
	}
	for (int i = 0; i < 64; i++) {
		struct link *l = malloc(sizeof *l);
		snprintf(l->tag, sizeof l->tag, "t%d", i);
		l->next = chain;
		chain = l;
	}
	handle = malloc(sizeof *handle);
	*handle = strdup("held by one word");
	long sum = 0;
	for (int i = 0; i < 64; i++)
		sum += boxes[i]->key + (long)strlen(boxes[i]->name);
	int n = 0;
	for (struct link *l = chain; l; l = l->next)
		n++;
	printf("%ld %d %s %s\n", sum, n, chain->tag, *handle);
	return 0;
}
