/* A goto to an error label outside the block skips its free: the copy
 * declared in the block leaves scope at the goto. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse(const char *s)
{
	int v = 0;
	{
		char *tmp = malloc(strlen(s) + 1); // want alloc:MEMORY-LEAK
		strcpy(tmp, s);
		if (tmp[0] == '-')
			goto bad; // want full:MEMORY-LEAK
		v = atoi(tmp);
		free(tmp);
	}
	printf("parsed %d\n", v);
	return v;
bad:
	puts("negative");
	return -1;
}

int main(void)
{
	printf("%d\n", parse("42"));
	printf("%d\n", parse("-1"));
	return 0;
}
