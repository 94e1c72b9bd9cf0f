/* A copy routine whose destination buffer is only allocated when a flag is
 * set; with the flag clear it copies into NULL. Checked at the call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct frame {
	size_t len;
	unsigned char *copy; /* allocated only when keep_copy is set */
};

static void capture(struct frame *f, const unsigned char *data, size_t len, int keep_copy)
{
	f->len = len;
	f->copy = keep_copy ? malloc(len) : NULL;
	memcpy(f->copy, data, len); // want NULL-POINTER-DEREF
}

int main(void)
{
	const unsigned char data[] = {0xde, 0xad, 0xbe, 0xef};
	struct frame a, b;
	capture(&a, data, sizeof data, 1);
	printf("a: %zu bytes, first %#x\n", a.len, a.copy[0]);
	free(a.copy);
	capture(&b, data, sizeof data, 0);
	printf("b: %zu bytes\n", b.len);
	free(b.copy);
	return 0;
}
