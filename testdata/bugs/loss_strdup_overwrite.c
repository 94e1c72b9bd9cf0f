/* A strdup'd name is replaced by another without freeing it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct user { char *name; };

int main(void)
{
	struct user u;
	u.name = strdup("alice"); // want alloc:MEMORY-LEAK
	u.name = strdup("bob"); // want full:MEMORY-LEAK
	puts(u.name);
	free(u.name);
	return 0;
}
