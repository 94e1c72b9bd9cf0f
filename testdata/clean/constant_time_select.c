/* Constant-time selection reads bytes it masks away (nettle 3.8's
 * cnd_memcpy, run by its rsa-sec-decrypt test: the destination is never
 * written before and ~m is 0 when the copy happens). A defined zero
 * operand makes every bit of an & defined, as Valgrind's and MSan's
 * bit-exact rule has it, so with full checking no byte read here was a
 * use of an undefined value: neither through the volatile locals nettle
 * keeps them in, nor through plain words, nor where only the bits an
 * unsigned char is widened with meet the mask. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void __attribute__((noinline))
cnd_memcpy(int cnd, volatile void *dst, const volatile void *src, size_t n)
{
	const volatile unsigned char *sp = src;
	volatile unsigned char *dp = dst;
	volatile unsigned char c;
	volatile unsigned char m;
	size_t i;

	m = -(unsigned char)cnd;
	for (i = 0; i < n; i++) {
		c = (sp[i] & m);
		c |= (dp[i] & ~m);
		dp[i] = c;
	}
}

static uint32_t __attribute__((noinline)) select_word(uint32_t mask, const uint32_t *a, const uint32_t *b)
{
	return (*a & mask) | (*b & ~mask);
}

static unsigned __attribute__((noinline)) high_bits(const unsigned char *p, unsigned mask)
{
	/* the widened bits only: the byte's own are masked off */
	return p[0] & (mask << 8);
}

int main(int argc, char **argv)
{
	unsigned char *dst = malloc(16);
	unsigned char src[16];
	uint32_t *words = malloc(2 * sizeof *words);
	unsigned char *fresh = malloc(1);
	unsigned sum = 0;
	(void)argv;
	if (!dst || !words || !fresh)
		return 1;
	for (int i = 0; i < 16; i++)
		src[i] = (unsigned char)(i * 3);
	cnd_memcpy(argc == 1, dst, src, 16);
	for (int i = 0; i < 16; i++)
		sum += dst[i];
	words[0] = 0x12345678u;
	/* words[1] is never written: the mask keeps words[0] */
	if (select_word(argc == 1 ? 0xffffffffu : 0, &words[0], &words[1]) == 0x12345678u)
		sum += 1;
	if (high_bits(fresh, 0xffu) == 0)
		sum += 2;
	printf("%u\n", sum);
	free(fresh);
	free(words);
	free(dst);
	return 0;
}
