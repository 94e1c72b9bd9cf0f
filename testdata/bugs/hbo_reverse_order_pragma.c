/* A struct made big-endian by `#pragma scalar_storage_order`, allocated
 * short of its last member: its members are checked through the struct,
 * as the attribute form's are (bugs/hbo_reverse_order_member), and the
 * overflow is still found. */
#include <stdlib.h>

#pragma scalar_storage_order big-endian
struct record {
	unsigned int id;
	unsigned short ports[2];
	unsigned int checksum;
};
#pragma scalar_storage_order default

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
