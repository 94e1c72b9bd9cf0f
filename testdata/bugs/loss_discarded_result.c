/* A function's fresh block is called for its side effect and dropped. */
#include <stdlib.h>
#include <string.h>

static char *make_label(int n)
{
	char *s = malloc(16); // want alloc:MEMORY-LEAK
	memset(s, 'a' + n, 15);
	s[15] = 0;
	return s;
}

int main(void)
{
	char *kept = make_label(1);
	make_label(2); // want full:MEMORY-LEAK
	free(kept);
	return 0;
}
