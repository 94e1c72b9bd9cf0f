// memlens:options leak_check=exit
/* Blocks held until exit only by pointers near their ends (exact handles:
 * instrumented code stored them). Blocks of 40 bytes lie 48 apart, so the
 * heap map's 32-byte granule of such a pointer often holds the start of the
 * next block, past the pointer: the leak check must look further back for
 * the block that holds it, not give up, and report nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 4096

static char *tails[N];

int main(void)
{
	unsigned long sum = 0;
	for (int i = 0; i < N; i++) {
		char *b = malloc(40);
		if (!b)
			return 1;
		memset(b, 'a' + i % 26, 40);
		tails[i] = b + 36 + i % 4;
	}
	for (int i = 0; i < N; i++)
		sum += (unsigned char)*tails[i];
	printf("%lu\n", sum);
	return 0;
}
