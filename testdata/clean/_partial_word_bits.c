/* Parked (a known false report with --memlens-full, docs/USAGE.md): a bit
 * reader as libdeflate's REFILL_BITS loads whole words past the bytes
 * written so far and only ever uses their defined low bits. Valgrind says
 * nothing (it tracks definedness per bit through shifts, ors and ands);
 * memlens reports at load_word's return, where the word is one value with
 * one origin. It wants definedness as a mask per scalar value, carried
 * through returns and parameters, with loads expanding the bytes' bits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

static uint64_t load_word(const uint8_t *p)
{
	uint64_t w;
	memcpy(&w, p, sizeof w);
	return w;
}

int main(void)
{
	static const unsigned table[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
	uint8_t *in = malloc(64); /* only the first 3 bytes are written */
	uint64_t bitbuf = 0;
	unsigned bitsleft = 0, sum = 0;
	const uint8_t *next = in;
	if (!in)
		return 1;
	in[0] = 0x12;
	in[1] = 0x34;
	in[2] = 0x56;
	for (int i = 0; i < 6; i++) {
		if (bitsleft < 4) {
			bitbuf |= load_word(next) << bitsleft;
			next += (63 - bitsleft) >> 3;
			bitsleft |= 56;
		}
		sum += table[bitbuf & 15]; /* bits 0 to 3: always defined */
		bitbuf >>= 4;
		bitsleft -= 4;
	}
	printf("%u\n", sum);
	free(in);
	return 0;
}
