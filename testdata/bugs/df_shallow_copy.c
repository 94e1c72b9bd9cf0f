/* A struct holding a pointer is copied by assignment (a shallow copy): both
 * copies own the same buffer and both destructors free it. The chain of the
 * pointer freed the second time goes through the copy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct name {
	char *first;
	char *last;
};

static struct name name_new(const char *first, const char *last)
{
	struct name n;
	n.first = malloc(strlen(first) + 1);
	n.last = malloc(strlen(last) + 1); // want origin:DOUBLE-FREE chain:DOUBLE-FREE freechain:DOUBLE-FREE
	if (n.first == NULL || n.last == NULL)
		exit(1);
	strcpy(n.first, first);
	strcpy(n.last, last);
	return n;
}

static void name_free(struct name *n)
{
	free(n->first);
	free(n->last); // want DOUBLE-FREE
}

int main(void)
{
	struct name a = name_new("Alan", "Turing"); // want chain:DOUBLE-FREE freechain:DOUBLE-FREE
	struct name b = a; /* shallow copy */ // want chain:DOUBLE-FREE
	b.first = malloc(6);
	if (b.first == NULL)
		return 1;
	strcpy(b.first, "Alice");
	printf("%s %s and %s %s\n", a.first, a.last, b.first, b.last);
	name_free(&a);
	name_free(&b);
	return 0;
}
