/* User names are copied into fixed 8-byte heap slots; one name is longer.
 * strcpy is checked at the call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOT 8

static const char *names[] = {"root", "daemon", "postmaster", "nobody"};

int main(void)
{
	size_t n = sizeof names / sizeof names[0];
	char **slots = malloc(n * sizeof *slots);
	if (slots == NULL)
		return 1;
	for (size_t i = 0; i < n; i++) {
		slots[i] = malloc(SLOT);
		if (slots[i] == NULL)
			return 1;
		strcpy(slots[i], names[i]); // want HEAP-BUFFER-OVERFLOW
		printf("user %zu: %.7s\n", i, slots[i]);
	}
	for (size_t i = 0; i < n; i++)
		free(slots[i]);
	free(slots);
	return 0;
}
