/* A function hands out cells of its static pool by pointer; the caller
 * writes one cell past the pool's end, and a string is copied into a
 * static buffer that is too small. */
#include <stdio.h>
#include <string.h>

static int *cell(int i)
{
	static int pool[4];
	return &pool[i];
}

static const char *greeting(const char *name)
{
	static char buf[8];
	strcpy(buf, "hi ");
	strcat(buf, name); // want GLOBAL-BUFFER-OVERFLOW
	return buf;
}

int main(void)
{
	int *p = cell(0);
	for (int i = 0; i <= 4; i++)
		p[i] = i; // want GLOBAL-BUFFER-OVERFLOW
	printf("%d %s\n", *cell(3), greeting("bob"));
	printf("%s\n", greeting("alexandra")); // want GLOBAL-BUFFER-OVERFLOW
	return 0;
}
