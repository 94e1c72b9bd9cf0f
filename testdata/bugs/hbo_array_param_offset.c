/* A block-cipher style helper stores a word at an offset of its output,
 * declared as an array parameter (u8 out[16]): (out + 12)[i] is an
 * access through a pointer like any other. The caller's buffer is one
 * word short. */
#include <stdio.h>
#include <stdlib.h>

typedef unsigned char u8;

static void put_words(u8 out[16], unsigned w)
{
	for (int k = 0; k < 16; k += 4)
		for (int i = 0; i < 4; i++)
			(out + k)[i] = (u8)(w >> (8 * i)); // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	u8 *buf = malloc(12);
	put_words(buf, 0x01020304u);
	printf("%d\n", buf[0] + buf[11]);
	free(buf);
	return 0;
}
