/* A read across the 1 MiB boundary between two chunks of the typestate
 * map: its first bytes are in memory without a typestate, its last in a
 * sealed record, which main may not read. The inline check leaves an
 * access across 8-byte granules to the slow path, which must look up the
 * next chunk for the bytes past the first's last. */
#include <stdio.h>
#include <string.h>

#include "table_pck.h"

#define MIB (1L << 20)

static unsigned char table[2 * MIB] __attribute__((aligned(1 << 20)));

PCK_RW(PCK_Open, PCK_Sealed)
static void seal(unsigned char *p)
{
	pck_transition_Open(table, 16); /* the first chunk has ids too */
	pck_transition_Sealed(p, 16);
	memset(p, 7, 16);
}

PCK_RW(PCK_Open)
int main(void)
{
	seal(table + MIB);
	unsigned v = *(unsigned *)(table + MIB - 2); // want TYPESTATE-VIOLATION
	printf("%u\n", v);
	return 0;
}
