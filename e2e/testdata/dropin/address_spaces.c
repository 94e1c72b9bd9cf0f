/* x86's named address spaces: pointers qualified __seg_gs (directly or
 * through a typedef) read and write gs's segment, set here to a block of
 * the program's; no access through them is an access of a normal pointer
 * to be checked (offset 8 is no object), and the functions around them
 * keep their meaning. */
#include <asm/prctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

typedef long __seg_gs *gs_ptr;

static long block[4] = {11, 22, 33, 44};

static long gs_read(const long __seg_gs *p, int i)
{
	return p[i];
}

static void gs_write(gs_ptr p, long v)
{
	*p = v;
}

static long sum(const long *v, int n)
{
	long s = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}

int main(void)
{
	/* gs is free for the program on x86-64 Linux (fs holds the thread's) */
	if (syscall(SYS_arch_prctl, ARCH_SET_GS, (unsigned long)block) != 0)
		return 1;
	long __seg_gs *p = (long __seg_gs *)8;
	int __seg_fs *none = 0;
	long first = gs_read(p, 0);
	gs_write(p + 2, 7);
	long *heap = malloc(4 * sizeof *heap);
	for (int i = 0; i < 4; i++)
		heap[i] = gs_read((long __seg_gs *)0, i);
	printf("%ld %ld %ld %d\n", first, sum(block, 4), sum(heap, 4), none == 0);
	free(heap);
	return 0;
}
