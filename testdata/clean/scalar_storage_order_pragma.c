/* Structs stored big-endian by `#pragma scalar_storage_order` (the pragma
 * form of the attribute clean/scalar_storage_order uses): every struct
 * declared while it is in force is byte-swapped, one with an attribute of
 * its own keeps that order, and `default` ends it. gcc refuses the address
 * of a member stored so; the instrumented unit did not compile ("cannot
 * take address of scalar with reverse storage order"). The last pragma
 * stays in force to the end of the file, past the code memlens adds. */
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>

#pragma scalar_storage_order big-endian
struct header {
	unsigned short kind;
	unsigned int length;
	unsigned short ports[3];
	struct { unsigned int seq; } inner; /* declared here: big-endian too */
	char *name;                         /* pointers keep the native order */
};
struct __attribute__((scalar_storage_order("little-endian"))) native_here {
	unsigned int word;
};
#pragma scalar_storage_order default
struct after {
	unsigned int word;
};
#pragma scalar_storage_order big-endian
struct tail {
	unsigned int word;
	unsigned short half[2];
};

static void dump(const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++)
		printf("%02x", b[i]);
	putchar('\n');
}

int main(void)
{
	struct header *h = calloc(1, sizeof *h);
	struct native_here n = { 0x01020304 };
	struct after a;
	struct tail t = { 0x05060708, { 1 } };
	int i;

	if (!h)
		return 1;
	h->kind = 0x0102;
	h->length = 0x0a0b0c0d;
	for (i = 0; i < 3; i++)
		h->ports[i] = (unsigned short)(80 + i);
	h->ports[1] += 0x100;
	h->inner.seq = 7;
	h->name = "eth0";
	a.word = h->length + 1;
	dump(h, offsetof(struct header, name));
	dump(&n, sizeof n);
	dump(&a, sizeof a);
	t.half[1] = (unsigned short)(t.word >> 16);
	dump(&t, sizeof t);
	printf("%x %u %u %s\n", h->kind, h->ports[1], h->inner.seq, h->name);
	free(h);
	return 0;
}
