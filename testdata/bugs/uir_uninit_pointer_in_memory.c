/* Pointers loaded from memory never written are undefined values: a list
 * node whose link was never set, and a word handed over by address that
 * its callee left unset. Each is reported where it is tested, naming the
 * heap block or the variable its bytes came from. */
#include <stdio.h>
#include <stdlib.h>

struct node {
	int key;
	struct node *next;
};

static const char *position(const struct node *n)
{
	const struct node *next = n->next;
	return next != NULL ? "inner" : "last"; // want full:UNINITIALIZED-READ
}

static void choose(const char **word, int argc)
{
	if (argc > 3)
		*word = "many";
}

static const char *given(const char **slot)
{
	const char *w = *slot;
	return w != NULL ? "a word" : "no word"; // want full:UNINITIALIZED-READ
}

int main(int argc, char **argv)
{
	(void)argv;
	struct node *n = malloc(sizeof *n);
	if (n == NULL)
		return 1;
	n->key = 7;
	printf("node %d is %s\n", n->key, position(n));
	free(n);

	const char *word;
	choose(&word, argc);
	printf("%s\n", given(&word));
	return 0;
}
