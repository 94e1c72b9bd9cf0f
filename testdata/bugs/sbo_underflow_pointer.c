/* A cursor into a local array steps back before its start. */
#include <stdio.h>

int main(void)
{
	char text[8] = "abcdefg";
	char *cur = text + 2;
	int back = 0;
	while (back < 4) {
		cur--;
		back++;
	}
	printf("%c\n", *cur); // want STACK-BUFFER-OVERFLOW
	return 0;
}
