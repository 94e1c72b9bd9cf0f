/* strlen scans bytes nobody wrote. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *s = calloc(1, 32);
	char *name = malloc(32);
	memcpy(name, "abc", 3);
	name[31] = 0;
	printf("%zu\n", strlen(s));
	printf("%d\n", strlen(name) > 0); // want UNINITIALIZED-READ
	free(name);
	free(s);
	return 0;
}
