/* Inserting into a hash bucket replaces the chain instead of prepending to it. */
#include <stdlib.h>

struct ent { struct ent *next; int key; };
static struct ent *table[8];

static void put(int key)
{
	struct ent *e = malloc(sizeof *e); // want alloc:MEMORY-LEAK
	e->key = key;
	e->next = NULL;
	table[key % 8] = e; // want full:MEMORY-LEAK
}

int main(void)
{
	put(1);
	put(9);
	for (int i = 0; i < 8; i++)
		free(table[i]);
	return 0;
}
