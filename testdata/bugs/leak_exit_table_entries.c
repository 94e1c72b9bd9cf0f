// memlens:options leak_check=exit
/* A hash table's destroy frees the bucket array but not the chains:
 * each chain's head is definitely lost and the rest of the chain with it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
	struct entry *next;
	char key[16];
};

struct table {
	struct entry **buckets;
	size_t n;
};

static void put(struct table *t, const char *key)
{
	size_t h = (size_t)(key[0] / 2) % t->n;
	struct entry *e = malloc(sizeof *e); // want MEMORY-LEAK
	snprintf(e->key, sizeof e->key, "%s", key);
	e->next = t->buckets[h];
	t->buckets[h] = e;
}

static void destroy(struct table *t)
{
	free(t->buckets);
	t->buckets = NULL;
}

int main(void)
{
	struct table t = {calloc(4, sizeof(struct entry *)), 4};
	const char *keys[] = {"ab", "cd", "ef", "gh", "ij", "kl", "mn", "op"};
	for (int i = 0; i < 8; i++)
		put(&t, keys[i]);
	printf("%s\n", t.buckets[1] ? t.buckets[1]->key : "-");
	destroy(&t);
	return 0;
}
