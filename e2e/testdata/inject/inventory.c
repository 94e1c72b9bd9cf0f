/* inventory.c: a correct program that memlens inject turns into buggy
 * variants (TestInjectAndBench): records with a heap name, a table on the
 * stack, a global histogram, frees of locals, fields and elements. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 8

struct item {
	char *name;
	int count;
};

static int histogram[SLOTS];

static struct item *item_new(const char *name, int count)
{
	struct item *it = malloc(sizeof *it);
	if (!it)
		exit(1);
	it->name = malloc(strlen(name) + 1);
	if (!it->name)
		exit(1);
	strcpy(it->name, name);
	it->count = count;
	return it;
}

static struct item *item_copy(const struct item *it)
{
	struct item *c = malloc(sizeof *c);
	if (!c)
		exit(1);
	c->name = strdup(it->name);
	if (!c->name)
		exit(1);
	c->count = it->count;
	return c;
}

static void item_free(struct item *it)
{
	free(it->name);
	free(it);
}

static struct item *lookup(struct item **table, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (strcmp(table[i]->name, name) == 0)
			return table[i];
	return NULL;
}

static int checked_count(const struct item *it)
{
	int count = it->count;
	if (count < 0)
		return 0;
	return count;
}

static char *append(char *buf, size_t *len, size_t *cap, const char *s)
{
	size_t n = strlen(s);
	if (*len + n + 1 > *cap) {
		*cap = (*len + n + 1) * 2;
		buf = realloc(buf, *cap);
		if (!buf)
			exit(1);
		buf[*len] = '\0';
	}
	memcpy(buf + *len, s, n + 1);
	*len += n;
	return buf;
}

static int total(const int *counts, int n)
{
	int *copy = malloc(n * sizeof *copy);
	if (!copy)
		exit(1);
	for (int i = 0; i < n; i++)
		copy[i] = counts[i];
	int sum = 0;
	for (int i = 0; i < n; i++)
		sum += copy[i];
	int first = copy[0];
	free(copy);
	return sum * 100 + first;
}

int main(void)
{
	static const char *names[] = {"bolt", "nut", "washer", "gear", "spring", "pin", "cam", "axle"};
	struct item *table[SLOTS];
	int counts[SLOTS];
	for (int i = 0; i < SLOTS; i++) {
		table[i] = item_new(names[i], i * 3 + 1);
		counts[i] = table[i]->count;
	}
	for (int i = 0; i < SLOTS; i++)
		histogram[i] = (int)strlen(table[i]->name);
	char *label = malloc(strlen(names[2]) + 1);
	if (!label)
		exit(1);
	strcpy(label, names[2]);
	printf("%s %d\n", label, total(counts, SLOTS));
	free(label);
	int longest = 0;
	for (int i = 0; i < SLOTS; i++)
		if (histogram[i] > longest)
			longest = histogram[i];
	printf("longest %d\n", longest);
	static const char *queries[] = {"gear", "sprocket", "pin"};
	size_t len = 0, cap = 4;
	char *found = malloc(cap);
	if (!found)
		exit(1);
	found[0] = '\0';
	for (int q = 0; q < 3; q++) {
		struct item *it = lookup(table, SLOTS, queries[q]);
		if (!it) {
			printf("no %s\n", queries[q]);
			continue;
		}
		const char *name = it->name;
		printf("%s: %d\n", name, checked_count(it));
		found = append(found, &len, &cap, name);
	}
	printf("found %s\n", found);
	free(found);
	struct item *spare = item_copy(table[3]);
	printf("spare %s\n", spare->name);
	item_free(spare);
	for (int i = 0; i < SLOTS; i++)
		item_free(table[i]);
	return 0;
}
