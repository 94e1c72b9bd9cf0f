/* A 12-character code copied without its terminator into a 12-byte block
 * is compared with a longer name that starts with it: strcmp finds no
 * difference and no NUL inside the block and reads its 13th byte. The
 * same compare against a name differing in the block's last byte stops
 * there, inside the block: no report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *code = malloc(12);
	if (code == NULL)
		return 1;
	memcpy(code, "PAYMENT-2024", 12);
	int other = strcmp(code, "PAYMENT-202X-03") != 0;
	int same = strcmp(code, "PAYMENT-2024-03") == 0; // want HEAP-BUFFER-OVERFLOW
	printf("%d %d\n", other, same);
	free(code);
	return 0;
}
