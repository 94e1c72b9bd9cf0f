/* The second allocation overwrites the only pointer to the first. */
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *buf = malloc(200); // want alloc:MEMORY-LEAK
	strcpy(buf, "first");
	buf = malloc(100); // want full:MEMORY-LEAK
	strcpy(buf, "second");
	free(buf);
	return 0;
}
