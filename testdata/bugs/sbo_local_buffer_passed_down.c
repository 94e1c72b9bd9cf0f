/* A caller passes its local buffer and a width that leaves no room for
 * the terminator to a formatter, which hands the buffer to a digit writer
 * that terminates the digits. */
#include <stdio.h>

static void put_digits(char *out, unsigned value, int width)
{
	for (int i = width - 1; i >= 0; i--) {
		out[i] = (char)('0' + value % 10);
		value /= 10;
	}
	out[width] = '\0'; // want STACK-BUFFER-OVERFLOW
}

static void format_code(char *dst, unsigned code, int width)
{
	put_digits(dst, code, width); // want chain:STACK-BUFFER-OVERFLOW
}

int main(void)
{
	char code[6];
	format_code(code, 42u, 6); /* room for 5 digits and the NUL */ // want chain:STACK-BUFFER-OVERFLOW origin:STACK-BUFFER-OVERFLOW
	printf("%.5s\n", code);
	return 0;
}
