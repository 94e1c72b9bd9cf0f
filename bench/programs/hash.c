/* hash.c: a chained hash table of strings.
 * Keys are formatted words copied with strdup; the bucket array grows by
 * realloc when the load factor passes 1, then entries are rehashed.
 * Mixed insert / lookup / delete traffic, then a full scan; prints a
 * checksum of the counts and values.
 * memlens:bench
 */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RNG_SEED 0x2545F4914F6CDD1DULL
#include "rng.h"

struct entry {
	char *key;
	unsigned long hash;
	long value;
	struct entry *next;
};

struct table {
	struct entry **buckets;
	size_t nbuckets;
	size_t count;
};

static unsigned long fnv1a(const char *s)
{
	unsigned long h = 1469598103934665603UL;
	while (*s) {
		h ^= (unsigned char)*s++;
		h *= 1099511628211UL;
	}
	return h;
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p) {
		perror("realloc");
		exit(1);
	}
	return p;
}

static void table_init(struct table *t)
{
	t->nbuckets = 8;
	t->count = 0;
	t->buckets = calloc(t->nbuckets, sizeof *t->buckets);
	if (!t->buckets) {
		perror("calloc");
		exit(1);
	}
}

static void grow(struct table *t)
{
	size_t old = t->nbuckets, i;
	struct entry *all = NULL;
	/* unchain everything, enlarge the array in place, rechain */
	for (i = 0; i < old; i++) {
		struct entry *e = t->buckets[i];
		while (e) {
			struct entry *next = e->next;
			e->next = all;
			all = e;
			e = next;
		}
	}
	t->nbuckets = old * 2;
	t->buckets = xrealloc(t->buckets, t->nbuckets * sizeof *t->buckets);
	memset(t->buckets, 0, t->nbuckets * sizeof *t->buckets);
	while (all) {
		struct entry *next = all->next;
		size_t b = all->hash & (t->nbuckets - 1);
		all->next = t->buckets[b];
		t->buckets[b] = all;
		all = next;
	}
}

static struct entry *find(const struct table *t, const char *key, unsigned long h)
{
	struct entry *e;
	for (e = t->buckets[h & (t->nbuckets - 1)]; e; e = e->next)
		if (e->hash == h && strcmp(e->key, key) == 0)
			return e;
	return NULL;
}

static void put(struct table *t, const char *key, long value)
{
	unsigned long h = fnv1a(key);
	struct entry *e = find(t, key, h);
	size_t b;
	if (e) {
		e->value += value;
		return;
	}
	if (t->count >= t->nbuckets)
		grow(t);
	e = malloc(sizeof *e);
	if (!e) {
		perror("malloc");
		exit(1);
	}
	e->key = strdup(key);
	if (!e->key) {
		perror("strdup");
		exit(1);
	}
	e->hash = h;
	e->value = value;
	b = h & (t->nbuckets - 1);
	e->next = t->buckets[b];
	t->buckets[b] = e;
	t->count++;
}

static int del(struct table *t, const char *key)
{
	unsigned long h = fnv1a(key);
	struct entry **pp = &t->buckets[h & (t->nbuckets - 1)];
	while (*pp) {
		struct entry *e = *pp;
		if (e->hash == h && strcmp(e->key, key) == 0) {
			*pp = e->next;
			free(e->key);
			free(e);
			t->count--;
			return 1;
		}
		pp = &e->next;
	}
	return 0;
}

static void table_free(struct table *t)
{
	size_t i;
	for (i = 0; i < t->nbuckets; i++) {
		struct entry *e = t->buckets[i];
		while (e) {
			struct entry *next = e->next;
			free(e->key);
			free(e);
			e = next;
		}
	}
	free(t->buckets);
	t->buckets = NULL;
}

static const char *const syllables[] = {
	"ka", "lo", "mi", "nu", "pe", "ra", "si", "to", "va", "ze",
	"bar", "cor", "dun", "fel", "gim", "hol", "jor", "kel",
};

/* A pseudo-word built from the number n: same n, same word. */
static void make_word(char *buf, size_t size, unsigned long n)
{
	size_t len = 0;
	size_t nsyl = sizeof syllables / sizeof syllables[0];
	unsigned long orig = n;
	buf[0] = '\0';
	do {
		const char *s = syllables[n % nsyl];
		size_t sl = strlen(s);
		if (len + sl + 1 >= size)
			break;
		memcpy(buf + len, s, sl + 1);
		len += sl;
		n /= nsyl;
	} while (n);
	snprintf(buf + len, size - len, "-%lu", orig % 97);
}

int main(int argc, char **argv)
{
	long ops = argc > 1 ? atol(argv[1]) : 1000000;
	unsigned long keyspace = 300000;
	struct table t;
	char word[64];
	long i, hits = 0, misses = 0, deleted = 0;
	unsigned long long sum = 0;
	size_t b;

	table_init(&t);
	for (i = 0; i < ops; i++) {
		unsigned long n = (unsigned long)(xorshift64() % keyspace);
		unsigned op = (unsigned)(xorshift64() % 8);
		make_word(word, sizeof word, n * 2654435761UL);
		if (op < 4) {
			put(&t, word, (long)(n & 255));
		} else if (op < 7) {
			struct entry *e = find(&t, word, fnv1a(word));
			if (e) {
				hits++;
				sum += (unsigned long long)e->value + strlen(e->key);
			} else {
				misses++;
			}
		} else {
			deleted += del(&t, word);
		}
	}
	for (b = 0; b < t.nbuckets; b++) {
		const struct entry *e;
		for (e = t.buckets[b]; e; e = e->next)
			sum = sum * 31 + (unsigned long long)e->value + (unsigned char)e->key[0];
	}
	printf("hash: count=%zu buckets=%zu hits=%ld misses=%ld deleted=%ld checksum=%016llx\n",
	       t.count, t.nbuckets, hits, misses, deleted, sum);
	table_free(&t);
	return 0;
}
