/* A check through a scalar member of a union proves bytes of the struct
 * around it, as a field's check does (Lua's TValue: the value's union,
 * then its tag), and only those: the tag after a union member read from a
 * block allocated too short for it, and a union member before a tag read
 * through a pointer moved below the block, are still reported. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tvalue {
	union {
		long i;
		double n;
		void *p;
	} value;
	unsigned char tag;
};

static long total;

int main(void)
{
	struct tvalue *shortv = malloc(sizeof(long)); /* no room for the tag */
	char *block = malloc(2 * sizeof(struct tvalue));
	struct tvalue *below = (struct tvalue *)(block - sizeof(long));
	memset(block, 0, 2 * sizeof(struct tvalue));

	shortv->value.i = 7;
	total += shortv->value.i;
	total += shortv->value.n > 0;
	total += shortv->tag; // want HEAP-BUFFER-OVERFLOW

	total += below->tag;
	total += below->value.i; // want HEAP-BUFFER-OVERFLOW

	printf("%ld\n", total);
	free(block);
	free(shortv);
	return 0;
}
