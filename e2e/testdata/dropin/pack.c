/* #pragma pack around a wire-format struct: 7 bytes, read from a buffer.
 * Moving the pragma would change the struct's layout silently. */
#include <stdio.h>
#include <string.h>

#pragma pack(push, 1)
struct wire {
	char tag;
	int len;
	short crc;
};
#pragma pack(pop)

struct loose {
	char tag;
	int len;
};

int main(void)
{
	const unsigned char buf[7] = {'W', 3, 0, 0, 0, 0x34, 0x12};
	struct wire w;
	memcpy(&w, buf, sizeof w);
	printf("%zu %zu %c %d %x\n", sizeof(struct wire), sizeof(struct loose), w.tag, w.len, w.crc);
	return 0;
}
