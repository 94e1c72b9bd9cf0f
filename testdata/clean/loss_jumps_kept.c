/* Jumps out of blocks whose pointers were handed on or freed first:
 * nothing is lost. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bag {
	char *items[8];
	int n;
};

int main(void)
{
	struct bag b = {{0}, 0};
	for (int i = 0;; i++) {
		char *s = malloc(16);
		snprintf(s, 16, "item%d", i);
		b.items[b.n++] = s;
		if (b.n == 8)
			break;
		if (i % 2)
			continue;
		char *t = strdup(s);
		free(t);
	}
	int i = 0;
again:
	{
		char *p = b.items[i];
		if (++i < b.n)
			goto again;
		puts(p);
	}
	switch (b.n) {
	case 8: {
		char *q = b.items[0];
		puts(q);
		break;
	}
	default:
		break;
	}
	for (i = 0; i < b.n; i++)
		free(b.items[i]);
	puts("done");
	return 0;
}
