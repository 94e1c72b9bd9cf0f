/* Fixed-size copies run past a global table: a word read at its end and a
 * word written there. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static unsigned char table[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};

int main(void)
{
	uint32_t v;
	memcpy(&v, table + 8, sizeof v); // want GLOBAL-BUFFER-OVERFLOW
	v += 1;
	memmove(table + 7, &v, sizeof v); // want GLOBAL-BUFFER-OVERFLOW
	printf("%u %u\n", v, table[7]);
	return 0;
}
