/* A hash table with chaining: a bucket array and entries linked in each
 * chain, grown once (the entries are moved to a larger array), one entry
 * removed, then everything freed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
	char *key;
	int value;
	struct entry *next;
};

struct table {
	struct entry **buckets;
	unsigned nbuckets, count;
};

static unsigned hash(const char *s)
{
	unsigned h = 5381;
	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static void grow(struct table *t)
{
	unsigned n = t->nbuckets * 2;
	struct entry **b = calloc(n, sizeof *b);
	for (unsigned i = 0; i < t->nbuckets; i++) {
		struct entry *e = t->buckets[i];
		while (e) {
			struct entry *next = e->next;
			unsigned h = hash(e->key) % n;
			e->next = b[h];
			b[h] = e;
			e = next;
		}
	}
	free(t->buckets);
	t->buckets = b;
	t->nbuckets = n;
}

static void put(struct table *t, const char *key, int value)
{
	if (t->count >= t->nbuckets)
		grow(t);
	unsigned h = hash(key) % t->nbuckets;
	struct entry *e = malloc(sizeof *e);
	e->key = strdup(key);
	e->value = value;
	e->next = t->buckets[h];
	t->buckets[h] = e;
	t->count++;
}

static void del(struct table *t, const char *key)
{
	struct entry **link = &t->buckets[hash(key) % t->nbuckets];
	for (struct entry *e = *link; e; link = &e->next, e = *link)
		if (strcmp(e->key, key) == 0) {
			*link = e->next;
			free(e->key);
			free(e);
			t->count--;
			return;
		}
}

int main(void)
{
	static const char *const words[] = {"ant", "bee", "cat", "dog", "eel", "fox"};
	struct table *t = malloc(sizeof *t);
	t->nbuckets = 4;
	t->count = 0;
	t->buckets = calloc(t->nbuckets, sizeof *t->buckets);
	for (int i = 0; i < 6; i++)
		put(t, words[i], i);
	del(t, "cat");
	int sum = 0;
	for (unsigned i = 0; i < t->nbuckets; i++)
		for (struct entry *e = t->buckets[i]; e; e = e->next)
			sum += e->value;
	printf("%u entries, sum %d\n", t->count, sum);
	for (unsigned i = 0; i < t->nbuckets; i++)
		while (t->buckets[i])
			del(t, t->buckets[i]->key);
	free(t->buckets);
	free(t);
	return 0;
}
