/* A conditional one arm of which may free (Lua's next_ci, `L->ci->next ?
 * L->ci->next : luaE_extendCI(L, 1)`): the checks of its condition, and
 * those before it, prove what the other arm accesses, since nothing that
 * frees runs before that arm; an access the freeing arm makes after its
 * call is checked again, and an access of the other arm that the checks
 * before it do not prove is still checked. */
#include <stdio.h>
#include <stdlib.h>

struct node {
	struct node *next;
	long value;
};

static long drop(struct node *n)
{
	free(n);
	return 0;
}

int main(int argc, char **argv)
{
	struct node *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	long *v = malloc(4 * sizeof *v);
	long sum = 0;
	int i = argc + 3;
	(void)argv;
	a->next = b;
	a->value = 1;
	b->next = NULL;
	b->value = 2;
	for (int k = 0; k < 4; k++)
		v[k] = k + 1;

	sum += b->value > 5 ? b->value : b->next ? drop(b) : b->value;
	sum += a->value > 5 ? a->value : (drop(a), a->value); // want DANGLING-POINTER-DEREF
	sum += v[i - 1] ? v[i] : drop(b); // want HEAP-BUFFER-OVERFLOW

	printf("%ld\n", sum);
	free(b);
	free(v);
	return 0;
}
