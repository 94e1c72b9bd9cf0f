/* An asm statement that clobbers "memory" and stores through a pointer
 * it takes as an input operand (mbedtls 2.28's AES-NI block functions:
 * "r"(input), "r"(output), "memory"): with full checking the bytes it
 * writes must count as written, into a local array and into a heap block
 * at an offset. Before, 27 of mbedtls's 103 test suites stopped on false
 * UNINITIALIZED-READs of the blocks it decrypted. An in-out operand is an
 * input too: rep stosb fills through "+D"(p) (libjpeg-turbo's assembly
 * fills its sample rows so, out of line). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static __attribute__((noinline)) void copy_block(const unsigned char input[16], unsigned char output[16])
{
	__asm__("movdqu (%0), %%xmm0\n\t"
	        "movdqu %%xmm0, (%1)\n\t"
	        :
	        : "r"(input), "r"(output)
	        : "memory", "cc", "xmm0");
}

static __attribute__((noinline)) void fill(unsigned char *p, size_t n, int v)
{
	__asm__ volatile("rep stosb" : "+D"(p), "+c"(n) : "a"(v) : "memory");
}

int main(void)
{
	unsigned char plain[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
	unsigned char out[16];
	copy_block(plain, out);
	int same = memcmp(plain, out, 16) == 0;
	unsigned char *heap = malloc(32);
	if (!heap)
		return 1;
	copy_block(plain, heap + 8);
	printf("%d %d\n", same, heap[8] + heap[23]);
	fill(heap, 32, 7);
	int sum = 0;
	for (int i = 0; i < 32; i++)
		if (heap[i] > 5)
			sum += heap[i];
	printf("%d\n", sum);
	free(heap);
	return 0;
}
