/* A 16-byte record field holds a name without terminator; strncmp with a
 * bound of 20 compares it with a longer name equal over all 16 bytes, and
 * reads the 17th. Bounded by 16, or against a name that differs in the
 * field's last byte, the compare stays inside: no report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *field = malloc(16);
	if (field == NULL)
		return 1;
	memcpy(field, "customer_address", 16);
	int a = strncmp(field, "customer_address", 16);
	int b = strncmp(field, "customer_addresZ_line", 20);
	int c = strncmp(field, "customer_address_line", 20); // want HEAP-BUFFER-OVERFLOW
	printf("%d %d %d\n", a, b != 0, c);
	free(field);
	return 0;
}
