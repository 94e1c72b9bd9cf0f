/* The classic: malloc(strlen(s)) leaves no room for the terminating NUL, so
 * strcpy writes one byte past the block. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_name(const char *name)
{
	char *copy = malloc(strlen(name));
	if (copy == NULL)
		exit(1);
	strcpy(copy, name); // want HEAP-BUFFER-OVERFLOW
	return copy;
}

int main(void)
{
	const char *people[] = {"Ada", "Grace", "Barbara"};
	size_t total = 0;
	for (int i = 0; i < 3; i++) {
		char *n = dup_name(people[i]);
		total += strlen(people[i]);
		printf("hello, %s\n", people[i]);
		free(n);
	}
	printf("%zu letters\n", total);
	return 0;
}
