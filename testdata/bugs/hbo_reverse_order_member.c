/* A big-endian struct (scalar_storage_order) allocated short of its last
 * member: gcc refuses its members' addresses, so the access is checked
 * through the struct, as a bit-field's is, and still found. */
#include <stdlib.h>

struct record {
	unsigned int id;
	unsigned short ports[2];
	unsigned int checksum;
} __attribute__((scalar_storage_order("big-endian")));

int main(void)
{
	struct record *r = malloc(8); /* without checksum */
	unsigned sum;
	if (!r)
		return 1;
	r->id = 1;
	r->ports[0] = 2;
	r->ports[1] = 3;
	sum = r->checksum; // want HEAP-BUFFER-OVERFLOW
	free(r);
	return sum == 12345;
}
