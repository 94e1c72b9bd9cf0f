/* A pointer member written as an integer's bytes (its shadow then vouches
 * for nothing) and moved in place (c->at++): optimised, the move finds the
 * pointer's block on its slow path, a stub calling the runtime, and the
 * reads through the member after it are checked against that block. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cursor {
	const char *at;
	int n;
};

int main(void)
{
	char *text = malloc(16);
	struct cursor *c = malloc(sizeof *c);
	uintptr_t bits;
	long sum = 0;
	if (!text || !c)
		return 1;
	strcpy(text, "memlens moves");
	bits = (uintptr_t)text;
	memcpy(&c->at, &bits, sizeof bits);
	for (c->n = 0; *c->at; c->n++) {
		sum += *c->at;
		c->at++;
	}
	printf("%d %ld\n", c->n, sum);
	free(c);
	free(text);
	return 0;
}
