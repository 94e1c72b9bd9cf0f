/* A 4-character code is copied out of a fixed-width record without a
 * terminator; strlen then runs off the end of the 4-byte block. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char record[] = "01GBPX  1250";

int main(void)
{
	char *currency = malloc(4);
	if (currency == NULL)
		return 1;
	memcpy(currency, record + 2, 4);
	size_t n = strlen(currency); // want HEAP-BUFFER-OVERFLOW
	printf("currency code has %zu characters\n", n);
	free(currency);
	return 0;
}
