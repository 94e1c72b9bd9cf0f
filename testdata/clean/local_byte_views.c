/* Reads of a local scalar's own bytes through a cast of its address,
 * *(T *)&v with T no larger than v (zlib's endianness test): no check and
 * no record for v (instrument's byteView), the same values as natively.
 * Writes, increments and an address taken of such a view keep v an
 * object, checked as before. */
#include <stdio.h>
#include <string.h>

static unsigned first_byte(void)
{
	unsigned endian = 1;
	return *(unsigned char *)&endian;
}

int main(void)
{
	unsigned long word = 0x1122334455667788UL;
	double d = 1.5;
	unsigned sum = *(unsigned char *)&word + *(unsigned short *)&word + (unsigned)*(unsigned *)&word;
	unsigned bits = *(unsigned *)&d;
	int little = first_byte();
	unsigned patched = 0x01020304;
	*(unsigned char *)&patched = 0xff;
	(*(unsigned char *)&patched)++;
	unsigned char *lowest = &*(unsigned char *)&patched;
	unsigned long copy;
	memcpy(&copy, &word, sizeof copy);
	printf("%u %u %d %x %u %lx\n", sum, bits, little, patched, *lowest, copy);
	return 0;
}
