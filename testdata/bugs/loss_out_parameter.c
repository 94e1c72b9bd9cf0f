/* An out-parameter is filled twice: the first block is overwritten in the callee. */
#include <stdlib.h>

static void get(char **out, int n)
{
	*out = malloc(n); // want alloc:MEMORY-LEAK full:MEMORY-LEAK
}

int main(void)
{
	char *p;
	get(&p, 8);
	get(&p, 16);
	free(p);
	return 0;
}
