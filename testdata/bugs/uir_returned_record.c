/* A constructor returns a struct by value with one field left unset; the
 * caller stores the struct in a heap slot and later tests the field. */
#include <stdio.h>
#include <stdlib.h>

struct limits {
	int soft;
	int hard;
};

static struct limits default_limits(void)
{
	struct limits l; // want full:origin:UNINITIALIZED-READ
	l.soft = 64;
	return l; /* hard is never set */
}

int main(void)
{
	struct limits *slot = malloc(sizeof *slot);
	if (slot == NULL)
		return 1;
	*slot = default_limits(); // want full:chain:UNINITIALIZED-READ
	if (slot->hard < slot->soft) // want full:UNINITIALIZED-READ
		puts("hard limit below soft limit");
	free(slot);
	return 0;
}
