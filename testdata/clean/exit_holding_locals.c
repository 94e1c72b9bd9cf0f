/* memlens:exit 2
 *
 * A program that exits from deep inside its work (a validation failure
 * calls die(), which calls exit) while its locals still point to the
 * blocks it was working on: they are still reachable when exit runs, as
 * Valgrind and a -O0 build see them, though the optimiser knows no code
 * reads them again on that path and may drop them from its registers.
 * No leak may be reported. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct row {
	char *name;
	int value;
};

struct table {
	struct row *rows;
	int n;
};

static void die(const char *what, const char *name)
{
	fprintf(stdout, "error: %s: %s\n", what, name);
	exit(2);
}

static int check(const struct row *r)
{
	if (r->value < 0)
		die("negative value", r->name);
	return r->value;
}

static struct table *load(int n)
{
	struct table *t = malloc(sizeof *t);
	t->rows = malloc(n * sizeof *t->rows);
	t->n = n;
	for (int i = 0; i < n; i++) {
		char buf[16];
		snprintf(buf, sizeof buf, "row%d", i);
		t->rows[i].name = strdup(buf);
		t->rows[i].value = i == n - 1 ? -1 : i * 10;
	}
	return t;
}

static char *describe(const struct table *t)
{
	char *s = malloc(64);
	snprintf(s, 64, "%d rows", t->n);
	return s;
}

int main(void)
{
	struct table *t = load(5);
	char *text = describe(t);
	printf("%s\n", text);
	int sum = 0;
	for (int i = 0; i < t->n; i++)
		sum += check(&t->rows[i]);
	printf("sum %d\n", sum);
	for (int i = 0; i < t->n; i++)
		free(t->rows[i].name);
	free(t->rows);
	free(t);
	free(text);
	return 0;
}
