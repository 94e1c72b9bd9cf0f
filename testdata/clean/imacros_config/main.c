/* Macros from -imacros reach the instrumented translation unit.
 * memlens:cflags -imacros config.h */
#include <stdio.h>

int main(void)
{
	for (int i = 0; i < REPEAT; i++)
		printf("%s %d\n", GREETING, i);
	return 0;
}
