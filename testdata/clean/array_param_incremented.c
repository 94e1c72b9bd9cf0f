/* A parameter declared as an array and stepped through with *p++ (mbedtls
 * 2.28's mbedtls_des_setkey(uint32_t SK[32], ...): *SK++ = ...). The front
 * end types SK++ as the declared array, so the stores were taken for a
 * named array's and went unchecked; with full checking they did not define
 * what they wrote, and 16 of mbedtls's test suites stopped on false
 * UNINITIALIZED-READs of the DES key schedules. */
#include <stdint.h>
#include <stdio.h>

static void schedule(uint32_t sk[32], const unsigned char key[8])
{
	uint32_t x = (uint32_t)key[0] << 24 | (uint32_t)key[1] << 16 | key[2], y = key[4] ^ key[7];
	for (int i = 0; i < 16; i++) {
		x = ((x << 1) | (x >> 27)) & 0x0FFFFFFF;
		y = ((y << 2) | (y >> 26)) & 0x0FFFFFFF;
		*sk++ = (x << 4) ^ (y >> 13);
		*sk++ = (x << 15) ^ (y >> 2);
	}
}

static uint32_t sum(const uint32_t v[32], const uint32_t *w)
{
	uint32_t s = 0;
	for (int i = 0; i < 16; i++)
		s += *v++ ^ w[2 * i + 1];
	return s;
}

int main(void)
{
	uint32_t sk[32];
	unsigned char key[8] = {1, 2, 3, 4, 5, 6, 7, 8};
	schedule(sk, key);
	printf("%u\n", sum(sk, sk));
	return 0;
}
