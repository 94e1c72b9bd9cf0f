// memlens:options leak_check=exit
/* A leak next to blocks the program exempts from the leak check (memlens
 * defines __SANITIZE_ADDRESS__, as gcc -fsanitize=address does): one given
 * to __lsan_ignore_object, one made between __lsan_disable and
 * __lsan_enable. Only the program's real leaks are reported: a block lost
 * with what it points to, and one held only in a mapping whose root region
 * was unregistered again, which no longer counts. (Found at exit in both
 * modes: the exempt blocks are never reported where they are lost either,
 * which clean/lsan_ignore_object.c and lsan_disable.c show.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

struct pair {
	char *key, *value;
};

static char *dup(const char *s)
{
	char *d = malloc(strlen(s) + 1);
	strcpy(d, s);
	return d;
}

/* (not inlined: its locals die with its frame, which the check does not scan) */
__attribute__((noinline)) static size_t load(void)
{
	struct pair *kept = malloc(sizeof *kept);
	kept->key = dup("kept");
	kept->value = dup("on purpose");
#if defined(__SANITIZE_ADDRESS__)
	__lsan_ignore_object(kept);
	__lsan_disable();
#endif
	char *quiet = dup("exempt");
#if defined(__SANITIZE_ADDRESS__)
	__lsan_enable();
#endif
	struct pair *lost = malloc(sizeof *lost); // want MEMORY-LEAK
	lost->key = strcpy(malloc(8), "lost"); // want MEMORY-LEAK
	lost->value = NULL;
	return strlen(kept->value) + strlen(quiet) + strlen(lost->key);
}

int main(void)
{
	char **area = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (area == MAP_FAILED)
		return 1;
#if defined(__SANITIZE_ADDRESS__)
	__lsan_register_root_region(area, 4096);
#endif
	area[0] = strcpy(malloc(8), "mapped"); // want MEMORY-LEAK
#if defined(__SANITIZE_ADDRESS__)
	__lsan_unregister_root_region(area, 4096);
#endif
	printf("%zu %s\n", load(), area[0]);
	return 0;
}
