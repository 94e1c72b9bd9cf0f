/* A pointer local never assigned is stored into a heap struct; the
 * function handed the struct tests it: its value is the local's garbage. */
#include <stdio.h>
#include <stdlib.h>

struct holder {
	const char *text;
	int n;
};

static int show(const struct holder *h)
{
	if (h->text != NULL) // want full:UNINITIALIZED-READ
		return 1;
	return 0;
}

int main(void)
{
	const char *label;
	struct holder *h = malloc(sizeof *h);
	h->n = 1;
	h->text = label;
	printf("%d\n", h->n);
	int shown = show(h);
	free(h);
	return shown > 1;
}
