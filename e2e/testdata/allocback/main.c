/* The program hands the library its allocator, which returns the library
 * blocks the library writes: their bytes are defined. The same allocator
 * called through a pointer by the program itself returns a block nobody
 * wrote, whose read is reported. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

char *lib_keep(void *(*alloc)(size_t), const char *s);

static void *allocate(size_t n)
{
	return malloc(n);
}

int main(void)
{
	char *kept = lib_keep(allocate, "kept by the library");
	void *(*volatile alloc)(size_t) = allocate;
	unsigned char *raw = alloc(8);
	if (kept == NULL || raw == NULL)
		return 1;
	printf("%s\n", kept);
	if (raw[3] == 7)
		puts("seven");
	free(raw);
	free(kept);
	return 0;
}
