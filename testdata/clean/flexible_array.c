/* Flexible array members allocated with extra space, compound literals and
 * designated initializers (nested, out of order, and for arrays). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct message {
	int id;
	size_t len;
	char data[]; /* flexible array member */
};

struct series {
	const char *name;
	unsigned n;
	double values[];
};

struct point {
	int x, y;
};

struct rect {
	struct point min, max;
	const char *label;
};

static struct message *message_new(int id, const char *text)
{
	size_t len = strlen(text);
	struct message *m = malloc(sizeof *m + len + 1);
	if (m == NULL)
		abort();
	m->id = id;
	m->len = len;
	memcpy(m->data, text, len + 1);
	return m;
}

static struct series *series_new(const char *name, unsigned n)
{
	struct series *s = malloc(sizeof *s + n * sizeof s->values[0]);
	if (s == NULL)
		abort();
	s->name = name;
	s->n = n;
	for (unsigned i = 0; i < n; i++)
		s->values[i] = 1.0 / (i + 1);
	return s;
}

static int area(const struct rect *r)
{
	return (r->max.x - r->min.x) * (r->max.y - r->min.y);
}

static int sum(const int *v, int n)
{
	int s = 0;
	while (n-- > 0)
		s += *v++;
	return s;
}

int main(void)
{
	struct message *m = message_new(7, "flexible arrays are fine");
	printf("message %d: %zu bytes: %s\n", m->id, m->len, m->data);
	struct series *s = series_new("harmonic", 6);
	double total = 0;
	for (unsigned i = 0; i < s->n; i++)
		total += s->values[i];
	printf("%s: %u terms, sum %.4f\n", s->name, s->n, total);

	struct rect r = {.label = "box", .max = {.y = 5, .x = 4}, .min.x = 1};
	printf("%s from (%d,%d) to (%d,%d), area %d\n", r.label, r.min.x, r.min.y, r.max.x, r.max.y, area(&r));
	printf("literal area %d\n", area(&(struct rect){{0, 0}, {3, 3}, "lit"}));
	printf("sum of literal %d\n", sum((int[]){1, 2, 3, 4, 5}, 5));

	int sparse[10] = {[2] = 20, [7] = 70, [4] = 40, 41, [9] = 90};
	for (int i = 0; i < 10; i++)
		printf("%d%c", sparse[i], i < 9 ? ' ' : '\n');
	const char *names[] = {[3] = "three", [1] = "one"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		printf("names[%zu] = %s\n", i, names[i] != NULL ? names[i] : "(null)");

	struct point *pts = malloc(3 * sizeof *pts);
	if (pts == NULL)
		abort();
	for (int i = 0; i < 3; i++)
		pts[i] = (struct point){.x = i, .y = i * i};
	printf("last point (%d,%d)\n", pts[2].x, pts[2].y);
	free(pts);
	free(s);
	free(m);
	return 0;
}
