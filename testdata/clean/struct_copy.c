/* Struct copies that contain pointers (a shallow copy used read-only next
 * to a proper deep copy), structs passed and returned by value, an array of
 * pointers grown with realloc, and one-past-the-end pointers used only for
 * comparison. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tag {
	char *name;
	int weight;
};

struct doc {
	char title[16];
	struct tag *tags;
	size_t ntags;
};

static struct tag tag_make(const char *name, int weight)
{
	struct tag t = {malloc(strlen(name) + 1), weight};
	if (t.name == NULL)
		abort();
	strcpy(t.name, name);
	return t;
}

static struct doc doc_clone(const struct doc *d)
{
	struct doc c = *d; /* copies the title, shares the tag array ... */
	c.tags = malloc(d->ntags * sizeof *c.tags);
	if (c.tags == NULL)
		abort();
	for (size_t i = 0; i < d->ntags; i++)
		c.tags[i] = tag_make(d->tags[i].name, d->tags[i].weight); /* ... until replaced */
	return c;
}

static void doc_free(struct doc *d)
{
	for (struct tag *t = d->tags, *end = d->tags + d->ntags; t != end; t++)
		free(t->name);
	free(d->tags);
}

static int total_weight(struct doc d) /* by value: a shallow copy, read only */
{
	int w = 0;
	for (size_t i = 0; i < d.ntags; i++)
		w += d.tags[i].weight;
	return w;
}

int main(void)
{
	struct doc d = {"notes", NULL, 3};
	d.tags = malloc(d.ntags * sizeof *d.tags);
	if (d.tags == NULL)
		return 1;
	d.tags[0] = tag_make("c", 5);
	d.tags[1] = tag_make("memory", 8);
	d.tags[2] = tag_make("tools", 2);

	struct doc c = doc_clone(&d);
	c.tags[0].name[0] = 'C';
	c.tags[1].weight = 1;
	strcpy(c.title, "copy");
	printf("%s: %s/%d, %s: %s/%d\n", d.title, d.tags[0].name, total_weight(d), c.title, c.tags[0].name, total_weight(c));

	struct tag t1 = d.tags[1], t2;
	memcpy(&t2, &t1, sizeof t2); /* shallow copies of a struct with a pointer */
	printf("aliases see %s and %s\n", t1.name, t2.name);

	char **lines = NULL;
	size_t n = 0, cap = 0;
	for (int i = 0; i < 20; i++) {
		if (n == cap) {
			cap = cap ? cap * 2 : 2;
			char **bigger = realloc(lines, cap * sizeof *lines);
			if (bigger == NULL)
				return 1;
			lines = bigger;
		}
		lines[n] = malloc(12);
		if (lines[n] == NULL)
			return 1;
		snprintf(lines[n], 12, "line %02d", i);
		n++;
	}
	printf("%zu lines in %zu slots: first \"%s\", last \"%s\"\n", n, cap, lines[0], lines[n - 1]);
	char **end = lines + n; /* one past the end: compared, never dereferenced */
	size_t chars = 0;
	for (char **l = lines; l < end; l++)
		chars += strlen(*l);
	printf("%zu characters\n", chars);
	for (char **l = end; l != lines;)
		free(*--l);
	free(lines);

	int arr[8] = {1, 2, 3, 4, 5, 6, 7, 8};
	int *past = arr + 8, *it = arr;
	int evens = 0;
	while (it != past)
		evens += *it++ % 2 == 0;
	printf("%d evens, %td elements\n", evens, past - arr);

	doc_free(&c);
	doc_free(&d);
	return 0;
}
