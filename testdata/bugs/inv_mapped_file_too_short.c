/* A record file is mapped for the size its header promises, but the file
 * is shorter: reading past its last page is a SIGBUS. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define PAGE 4096

struct header {
	char magic[4];
	unsigned records;
};

int main(void)
{
	char path[] = "/tmp/memlens-recordsXXXXXX";
	int fd = mkstemp(path);
	if (fd < 0)
		return 1;
	unlink(path);
	struct header h = {"REC1", 3 * PAGE};
	if (write(fd, &h, sizeof h) != (ssize_t)sizeof h)
		return 1;
	size_t size = sizeof h + h.records;
	const unsigned char *map = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED)
		return 1;
	unsigned long sum = 0;
	for (size_t off = sizeof h; off < size; off += PAGE)
		sum += map[off]; // want INVALID-DEREF
	printf("%lu\n", sum);
	munmap((void *)map, size);
	close(fd);
	return 0;
}
