/* A chained hash table of strings counting words: strndup'd keys, growth by
 * rehashing into a new bucket array, then the entries sorted for output. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
	char *key;
	int count;
	struct entry *next;
};

struct table {
	struct entry **buckets;
	size_t nbuckets, len;
};

static unsigned long hash(const char *s)
{
	unsigned long h = 5381;
	while (*s != '\0')
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static void grow(struct table *t)
{
	size_t n = t->nbuckets * 2;
	struct entry **b = calloc(n, sizeof *b);
	if (b == NULL)
		abort();
	for (size_t i = 0; i < t->nbuckets; i++) {
		struct entry *e = t->buckets[i];
		while (e != NULL) {
			struct entry *next = e->next;
			size_t h = hash(e->key) % n;
			e->next = b[h];
			b[h] = e;
			e = next;
		}
	}
	free(t->buckets);
	t->buckets = b;
	t->nbuckets = n;
}

static void add(struct table *t, const char *word, size_t len)
{
	char *key = strndup(word, len);
	if (key == NULL)
		abort();
	for (char *p = key; *p != '\0'; p++)
		*p = (char)tolower((unsigned char)*p);
	size_t h = hash(key) % t->nbuckets;
	for (struct entry *e = t->buckets[h]; e != NULL; e = e->next)
		if (strcmp(e->key, key) == 0) {
			e->count++;
			free(key);
			return;
		}
	struct entry *e = malloc(sizeof *e);
	if (e == NULL)
		abort();
	e->key = key;
	e->count = 1;
	e->next = t->buckets[h];
	t->buckets[h] = e;
	if (++t->len > t->nbuckets * 3 / 4)
		grow(t);
}

static int by_count_then_key(const void *a, const void *b)
{
	const struct entry *x = *(const struct entry *const *)a;
	const struct entry *y = *(const struct entry *const *)b;
	if (x->count != y->count)
		return y->count - x->count;
	return strcmp(x->key, y->key);
}

int main(void)
{
	static const char text[] =
		"It was the best of times, it was the worst of times, it was the age of "
		"wisdom, it was the age of foolishness, it was the epoch of belief, it "
		"was the epoch of incredulity, it was the season of Light, it was the "
		"season of Darkness, it was the spring of hope, it was the winter of despair.";
	struct table t = {calloc(4, sizeof(struct entry *)), 4, 0};
	if (t.buckets == NULL)
		return 1;
	for (const char *p = text; *p != '\0';) {
		while (*p != '\0' && !isalpha((unsigned char)*p))
			p++;
		const char *start = p;
		while (isalpha((unsigned char)*p))
			p++;
		if (p > start)
			add(&t, start, (size_t)(p - start));
	}
	printf("%zu distinct words, %zu buckets\n", t.len, t.nbuckets);
	struct entry **all = malloc(t.len * sizeof *all);
	if (all == NULL)
		return 1;
	size_t n = 0;
	for (size_t i = 0; i < t.nbuckets; i++)
		for (struct entry *e = t.buckets[i]; e != NULL; e = e->next)
			all[n++] = e;
	qsort(all, n, sizeof *all, by_count_then_key);
	for (size_t i = 0; i < 8 && i < n; i++)
		printf("%-8s %d\n", all[i]->key, all[i]->count);
	for (size_t i = 0; i < n; i++) {
		free(all[i]->key);
		free(all[i]);
	}
	free(all);
	free(t.buckets);
	return 0;
}
