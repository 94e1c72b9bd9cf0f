/* Structs stored big-endian (gcc's scalar_storage_order attribute, as a
 * wire format is declared; gcc.c-torture's pr87623): gcc refuses the
 * address of such a member or of an element of such an array member, so
 * their accesses are checked like bit-fields', through what holds them.
 * The instrumented unit did not compile ("cannot take address of scalar
 * with reverse storage order"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct header {
	unsigned short pad[1];
	unsigned char a;
	unsigned char b;
	unsigned int length;
	unsigned short ports[3];
	struct { int native; } inner; /* not itself big-endian */
} __attribute__((scalar_storage_order("big-endian")));

static int differ(struct header *x, unsigned char a, unsigned char b)
{
	return x->a != a || x->b != b;
}

int main(void)
{
	struct header local = { .a = 1, .b = 2 };
	struct header *h = calloc(1, sizeof *h); /* the padding is printed too */
	unsigned char bytes[sizeof *h];
	int i;

	if (!h || differ(&local, 1, 2))
		return 1;
	h->pad[0] = 0x0102;
	h->a = 3;
	h->b = 4;
	h->length = 0x0a0b0c0d;
	for (i = 0; i < 3; i++)
		h->ports[i] = (unsigned short)(80 + i);
	h->ports[1] += 0x100;
	h->inner.native = 7;
	local.length = h->length + 1;
	local.ports[2] = h->ports[2];
	memcpy(bytes, h, sizeof bytes);
	for (i = 0; i < (int)sizeof bytes; i++)
		printf("%02x", bytes[i]);
	printf("\n%x %u %u %u %d\n", local.length, local.ports[2], h->ports[1], h->pad[0], h->inner.native);
	free(h);
	return 0;
}
