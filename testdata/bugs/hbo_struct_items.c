/* A stack whose push() forgets to grow its items array: the fifth push
 * writes p->items[4] into a 4-element block. */
#include <stdio.h>
#include <stdlib.h>

struct stack {
	size_t len, cap;
	int *items;
};

static struct stack *stack_new(size_t cap)
{
	struct stack *s = malloc(sizeof *s);
	if (s == NULL)
		exit(1);
	s->len = 0;
	s->cap = cap;
	s->items = malloc(cap * sizeof *s->items);
	if (s->items == NULL)
		exit(1);
	return s;
}

static void push(struct stack *s, int v)
{
	s->items[s->len++] = v; // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	struct stack *s = stack_new(4);
	for (int i = 1; i <= 5; i++) {
		push(s, i * 7);
		printf("pushed %d (len %zu, cap %zu)\n", i * 7, s->len, s->cap);
	}
	free(s->items);
	free(s);
	return 0;
}
