/* wcsnlen is bounded by the byte size of a local array instead of its
 * length in wide characters: the unterminated buffer is read past its end. */
#include <stdio.h>
#include <wchar.h>

static size_t digits(long v)
{
	wchar_t buf[4];
	for (int i = 3; i >= 0; i--) {
		buf[i] = (wchar_t)(L'0' + v % 10);
		v /= 10;
	}
	return wcsnlen(buf, sizeof buf); // want STACK-BUFFER-OVERFLOW
}

int main(void)
{
	printf("%d\n", digits(1234) >= 4);
	return 0;
}
