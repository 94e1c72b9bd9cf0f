/* Ownership that loses nothing: blocks freed by the callees they are
 * handed to, moved through struct fields, kept in an array of pointers
 * that is realloc'd, kept only by globals until exit (still reachable,
 * not leaks), and a block the program holds only by a pointer into its
 * middle (an exact handle: instrumented code stored it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct item {
	char *name;
	struct item *next;
};

static struct item *registry;  /* kept until exit */
static char *cursor;           /* points into the middle of a block */

static void consume(char *s)
{
	printf("consumed %s\n", s);
	free(s);
}

static char *dup(const char *s)
{
	char *d = malloc(strlen(s) + 1);
	strcpy(d, s);
	return d;
}

struct holder {
	char *owned;
};

static void transfer(struct holder *to, struct holder *from)
{
	to->owned = from->owned;
	from->owned = NULL;
}

int main(void)
{
	consume(dup("handed over"));

	struct holder a = {dup("moved")}, b = {NULL};
	transfer(&b, &a);
	printf("%s %p\n", b.owned, (void *)a.owned);
	free(b.owned);

	char **v = NULL;
	size_t n = 0;
	for (int i = 0; i < 40; i++) {
		v = realloc(v, (n + 1) * sizeof *v);
		char buf[16];
		snprintf(buf, sizeof buf, "s%d", i);
		v[n++] = dup(buf);
	}
	size_t total = 0;
	for (size_t i = 0; i < n; i++) {
		total += strlen(v[i]);
		free(v[i]);
	}
	free(v);
	printf("total %zu\n", total);

	for (int i = 0; i < 3; i++) {
		struct item *it = malloc(sizeof *it);
		it->name = dup(i == 0 ? "alpha" : i == 1 ? "beta" : "gamma");
		it->next = registry;
		registry = it;
	}
	char *block = malloc(64);
	strcpy(block, "header:payload");
	cursor = block + 7;
	block = NULL;
	printf("%s %s\n", registry->name, cursor);
	return 0;
}
