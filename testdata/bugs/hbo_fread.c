/* memlens:stdin hbo_fread.in
 *
 * A fixed-size header is read with fread into a block allocated for the
 * smaller, older header layout. Checked at the call. */
#include <stdio.h>
#include <stdlib.h>

struct header_v1 {
	char magic[4];
	unsigned char version;
	unsigned char flags;
};

struct header_v2 {
	char magic[4];
	unsigned char version;
	unsigned char flags;
	char name[18];
};

int main(void)
{
	struct header_v1 *h = malloc(sizeof *h);
	if (h == NULL)
		return 1;
	size_t got = fread(h, 1, sizeof(struct header_v2), stdin); // want HEAP-BUFFER-OVERFLOW
	printf("read %zu bytes, magic %.4s\n", got, h->magic);
	free(h);
	return 0;
}
