/* Items live in an arena the program means to map at a fixed address,
 * but the code that maps it was left out: an item's address made from its
 * index points at nothing the program has. Natively the store faults; under
 * memlens the address is in memlens's record table, which the store must
 * not reach: it is reported, and the program dies of SIGSEGV as natively. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define ARENA 0x600000000000UL

struct item {
	long key, value;
};

static struct item *item_at(unsigned index)
{
	return (struct item *)(ARENA + 128 + index * sizeof(struct item));
}

int main(void)
{
	char *names = malloc(64);
	snprintf(names, 64, "first");
	for (unsigned i = 0; i < 4; i++) {
		struct item *it = item_at(i);
		it->key = i; // want INVALID-DEREF
		it->value = 0x4141414141414141L;
	}
	printf("%s\n", names);
	free(names);
	return 0;
}
