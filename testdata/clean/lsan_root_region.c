/* Heap pointers kept in memory the program mapped itself, registered
 * with __lsan_register_root_region (memlens defines __SANITIZE_ADDRESS__, as
 * gcc -fsanitize=address does): the region's words are roots of the leak
 * check, so the blocks they point to are no leak. The region is registered
 * bigger than the mapping and with a page made inaccessible inside, which
 * the check skips, as LSan does; a region registered and unregistered
 * again is no root any more (its block is freed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

int main(void)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	/* three pages reserved, the last two mapped, the middle one closed */
	char *area = mmap(NULL, 3 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (area == MAP_FAILED)
		return 1;
	munmap(area, page);
	mprotect(area + page, page, PROT_NONE);
	char **slots = (char **)(area + 2 * page);
#if defined(__SANITIZE_ADDRESS__)
	__lsan_register_root_region(area, 3 * page);
#endif
	for (int i = 0; i < 4; i++) {
		slots[i] = malloc(16);
		snprintf(slots[i], 16, "slot %d", i);
	}
	char *scratch = malloc(8);
	strcpy(scratch, "tmp");
#if defined(__SANITIZE_ADDRESS__)
	__lsan_register_root_region(&scratch, sizeof scratch);
	__lsan_unregister_root_region(&scratch, sizeof scratch);
#endif
	printf("%s %s %s\n", slots[0], slots[3], scratch);
	free(scratch);
	return 0;
}
