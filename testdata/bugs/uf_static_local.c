/* to_hex() returns a static buffer for small numbers and a heap string for
 * big ones; the caller always frees. */
#include <stdio.h>
#include <stdlib.h>

static char *to_hex(unsigned long v)
{
	static char small[8];
	if (v < 0x10000) {
		snprintf(small, sizeof small, "%lx", v);
		return small;
	}
	char *s = malloc(24);
	if (s == NULL)
		exit(1);
	snprintf(s, 24, "%lx", v);
	return s;
}

int main(void)
{
	unsigned long vals[] = {0xdeadbeefUL, 0xffUL};
	for (int i = 0; i < 2; i++) {
		char *h = to_hex(vals[i]);
		printf("0x%s\n", h);
		free(h); // want UNMATCHED-FREE
	}
	return 0;
}
