/* memlens:rules pointers.rules
 *
 * A table of entries, each pointing to its key (a string of its own).
 * compact drops the entries whose count fell to zero: it unlinks them and
 * frees them, but the key of a dropped entry is freed only when it is
 * longer than the inline limit it once had, so a short key is lost when
 * compact returns (LOST-BY-COMPACT at the call; the built-in leak check
 * finds it at the end, or full checking where its entry is freed). main
 * drops its banner without freeing it: nothing points to it at the end
 * (DEFINITE-LEAK, at its allocation, where the built-in leak check reports
 * nothing more; full checking sees where it was lost). */
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
	e->key = strdup(key); // want alloc:MEMORY-LEAK
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
		if (strlen(e->key) > 4)
			free(e->key);
		free(e); // want full:MEMORY-LEAK
		dropped++;
	}
	return dropped;
}

int main(void)
{
	char *banner = strdup("table v1"); // want DEFINITE-LEAK alloc:MEMORY-LEAK
	add("alpha", 3);
	add("beta", 0);
	add("gamma", 2);
	add("delta", 0);
	int dropped = compact(); // want LOST-BY-COMPACT
	puts(banner);
	banner = NULL; // want full:MEMORY-LEAK
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
