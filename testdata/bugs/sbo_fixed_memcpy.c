/* Fixed-size copies out of locals run past them: a 4-byte copy of a 2-byte
 * local, an 8-byte read from the end of a local array. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint32_t widened; /* (never read: the bytes past s are garbage) */

static unsigned widen(const unsigned char *p)
{
	uint16_t s = (uint16_t)(p[0] | p[1] << 8);
	memcpy(&widened, &s, sizeof widened); /* sizeof s was meant */ // want STACK-BUFFER-OVERFLOW
	return s;
}

int main(int argc, char **argv)
{
	(void)argv;
	unsigned char buf[12];
	for (int i = 0; i < 12; i++)
		buf[i] = (unsigned char)(i * 3 + argc);
	uint64_t w;
	memcpy(&w, buf + 8, sizeof w); // want STACK-BUFFER-OVERFLOW
	printf("%u %u\n", widen(buf), (unsigned)(w & 0xff));
	return 0;
}
