/* A library (built by gcc alone, as a shared object) that keeps a copy of
 * a string in a block it asks its caller's allocator for, as libpng keeps
 * a text chunk's key in a block its malloc_fn returns. */
#include <stddef.h>
#include <string.h>

char *lib_keep(void *(*alloc)(size_t), const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = alloc(n);
	if (p != NULL)
		memcpy(p, s, n);
	return p;
}
