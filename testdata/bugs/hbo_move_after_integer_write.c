/* A pointer member written as an integer's bytes (its shadow then vouches
 * for nothing) and moved in place past its block's end: optimised, the
 * move finds the block on its slow path, a stub calling the runtime, and
 * the read one past the end is an overflow of that block. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cursor {
	const char *at;
};

int main(void)
{
	char *text = malloc(8);
	struct cursor *c = malloc(sizeof *c);
	uintptr_t bits;
	long sum = 0;
	if (!text || !c)
		return 1;
	memcpy(text, "12345678", 8);
	bits = (uintptr_t)text;
	memcpy(&c->at, &bits, sizeof bits);
	for (int i = 0; i <= 8; i++) {
		sum += *c->at; // want HEAP-BUFFER-OVERFLOW
		c->at++;
	}
	printf("%ld\n", sum);
	free(c);
	free(text);
	return 0;
}
