/* A handle table keeps addresses as integers (as a C API handing out
 * opaque ids would); a closed handle's buffer is freed, then, after a
 * hundred thousand other blocks came and went, freed again through its
 * stale id. The pointer made from the id names no block, and the block's
 * record slot was recycled long ago: the report must still find the
 * block by its address in the free history. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uintptr_t handles[4];

static void *handle_ptr(int h)
{
	return (void *)handles[h];
}

int main(void)
{
	char *buf = malloc(200);
	if (buf == NULL)
		return 1;
	handles[1] = (uintptr_t)buf;
	free(handle_ptr(1));
	unsigned long sum = 0;
	for (int i = 0; i < 100000; i++) {
		int *scratch = malloc(24);
		if (scratch == NULL)
			return 1;
		scratch[0] = i;
		sum += (unsigned long)scratch[0];
		free(scratch);
	}
	printf("%lu\n", sum);
	free(handle_ptr(1)); // want DOUBLE-FREE
	return 0;
}
