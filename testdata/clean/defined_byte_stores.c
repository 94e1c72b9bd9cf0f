/* Stores define exactly their bytes: byte by byte, words inside one
 * 8-byte group of the block and words straddling two, then every byte is
 * read. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef uint32_t u32_unaligned __attribute__((aligned(1)));
typedef uint64_t u64_unaligned __attribute__((aligned(1)));

int main(void)
{
	unsigned char *b = malloc(24);
	unsigned sum = 0;
	int i;
	if (!b)
		return 1;
	for (i = 0; i < 6; i++)
		b[i] = (unsigned char)('k' + i);
	*(u32_unaligned *)(b + 6) = 0x01020304u;  /* bytes 6 to 9 */
	*(uint16_t *)(b + 10) = 0x0506;           /* 10 and 11 */
	*(u64_unaligned *)(b + 12) = 0x0708090a0b0c0d0eULL; /* 12 to 19 */
	*(u32_unaligned *)(b + 20) = 0x11121314u; /* 20 to 23: inside one group */
	for (i = 0; i < 24; i++)
		if (b[i] != 0)
			sum += b[i] * (unsigned)(i + 1);
	printf("%u\n", sum);
	free(b);
	return 0;
}
