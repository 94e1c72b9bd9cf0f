/* A record holding a heap string is duplicated with memcpy (a shallow
 * copy); freeing both records frees the string twice. The first free's
 * chain goes through the memcpy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct record {
	int id;
	char *text;
};

static struct record *record_new(int id, const char *text)
{
	struct record *r = malloc(sizeof *r);
	if (r == NULL)
		exit(1);
	r->id = id;
	r->text = strdup(text); // want chain:DOUBLE-FREE freechain:DOUBLE-FREE origin:DOUBLE-FREE
	return r;
}

static struct record *record_dup(const struct record *r)
{
	struct record *d = malloc(sizeof *d);
	if (d == NULL)
		exit(1);
	memcpy(d, r, sizeof *d); /* d->text = strdup(r->text) was meant */ // want freechain:DOUBLE-FREE
	return d;
}

static void record_free(struct record *r)
{
	free(r->text); // want DOUBLE-FREE
	free(r);
}

int main(void)
{
	struct record *a = record_new(1, "alpha");
	struct record *b = record_dup(a);
	b->id = 2;
	printf("%d %s, %d %s\n", a->id, a->text, b->id, b->text);
	record_free(b);
	record_free(a);
	return 0;
}
