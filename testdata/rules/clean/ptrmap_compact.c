/* memlens:rules pointers.rules
 *
 * The table of rules/bugs/ptrmap_compact_drops, whose compact frees the
 * key of every entry it drops: at its returns every block is reachable and
 * every entry points to its key; at the end nothing is left. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
	char *key;
	int count;
	struct entry *next;
};

static struct entry *table;

static void add(const char *key, int count)
{
	struct entry *e = malloc(sizeof *e);
	e->key = strdup(key);
	e->count = count;
	e->next = table;
	table = e;
}

static int compact(void)
{
	int dropped = 0;
	struct entry **p = &table;
	while (*p) {
		struct entry *e = *p;
		if (e->count > 0) {
			p = &e->next;
			continue;
		}
		*p = e->next;
		free(e->key);
		free(e);
		dropped++;
	}
	return dropped;
}

int main(void)
{
	add("alpha", 3);
	add("beta", 0);
	add("gamma", 2);
	add("delta", 0);
	int dropped = compact();
	printf("%d dropped\n", dropped);
	for (struct entry *e = table; e; e = e->next)
		printf("%s %d\n", e->key, e->count);
	while (table) {
		struct entry *e = table;
		table = e->next;
		free(e->key);
		free(e);
	}
	return 0;
}
