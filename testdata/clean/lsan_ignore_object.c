/* A cache a program keeps to its end on purpose, told to LSan with
 * __lsan_ignore_object (memlens defines __SANITIZE_ADDRESS__, as gcc
 * -fsanitize=address does): the block is never reported as a leak, neither
 * at exit nor where its last pointer goes (full checking), whatever pointer
 * into it the program names, and what it points to is kept with it, as LSan
 * keeps it (its words are roots). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

struct entry {
	struct entry *next;
	char name[24];
};

static struct entry *make(const char *name, struct entry *next)
{
	struct entry *e = malloc(sizeof *e);
	e->next = next;
	strcpy(e->name, name);
	return e;
}

/* (not inlined: its locals die with its frame, which the check does not scan) */
__attribute__((noinline)) static size_t remember(const char *a, const char *b)
{
	struct entry *cache = make(a, make(b, NULL));
#if defined(__SANITIZE_ADDRESS__)
	__lsan_ignore_object(cache->name + 2); /* a pointer into its middle */
#endif
	return strlen(cache->name) + strlen(cache->next->name);
}

int main(void)
{
	size_t n = remember("resolver", "hosts");
	char *freed = malloc(8);
	free(freed);
	printf("%zu\n", n);
	return 0;
}
