/* A table of pointers gets the same pointer twice (a default shared by two
 * slots); freeing every slot frees it twice. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 4

int main(void)
{
	char *fallback = malloc(8);
	if (fallback == NULL)
		return 1;
	strcpy(fallback, "n/a");
	char *names[SLOTS] = {NULL};
	const char *given[SLOTS] = {"eth0", NULL, "wlan0", NULL};
	for (int i = 0; i < SLOTS; i++) {
		if (given[i] != NULL) {
			names[i] = malloc(strlen(given[i]) + 1);
			if (names[i] == NULL)
				return 1;
			strcpy(names[i], given[i]);
		} else {
			names[i] = fallback;
		}
		printf("slot %d: %s\n", i, names[i]);
	}
	for (int i = 0; i < SLOTS; i++)
		free(names[i]); // want DOUBLE-FREE
	return 0;
}
