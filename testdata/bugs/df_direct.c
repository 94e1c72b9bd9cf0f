/* A scratch buffer is freed at the end of the work and again at exit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *scratch = malloc(64);
	if (scratch == NULL)
		return 1;
	strcpy(scratch, "working");
	printf("%s...\n", scratch);
	free(scratch);
	printf("done\n");
	free(scratch); // want DOUBLE-FREE
	return 0;
}
