/* Compound assignments whose right operand is a bit-field (QuickJS's
 * `idx += p->len;` on a string header), into a local whose address was
 * taken: with full checking the operand's value is held in a temporary,
 * which must be its promoted value (gcc's __auto_type refuses a
 * bit-field). */
#include <stdio.h>

struct header {
	unsigned len : 31;
	unsigned wide : 1;
	signed shift : 5;
};

static int read_index(int *out, int v)
{
	*out = v;
	return 0;
}

int main(void)
{
	struct header h = { 5, 1, -3 };
	struct header *p = &h;
	int idx;
	long total = 0;
	for (int v = -4; v < 4; v++) {
		if (read_index(&idx, v))
			return 1;
		if (idx < 0)
			idx += p->len;
		idx -= (p->shift);
		idx *= p->wide;
		total += idx;
	}
	printf("%ld\n", total);
	return 0;
}
