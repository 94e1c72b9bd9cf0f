/* After shrinking the buffer to the used size with realloc, the code still
 * trusts the old capacity when it appends. */
#include <stdio.h>
#include <stdlib.h>

struct buf {
	size_t len, cap;
	int *v;
};

int main(void)
{
	struct buf b = {0, 16, malloc(16 * sizeof(int))};
	if (b.v == NULL)
		return 1;
	for (int i = 0; i < 5; i++)
		b.v[b.len++] = i * 3;
	int *v = realloc(b.v, b.len * sizeof(int)); /* shrink to fit */
	if (v == NULL)
		return 1;
	b.v = v; /* ... but b.cap is still 16 */
	if (b.len < b.cap)
		b.v[b.len++] = 99; // want HEAP-BUFFER-OVERFLOW
	printf("len %zu, first %d, fifth %d\n", b.len, b.v[0], b.v[4]);
	free(b.v);
	return 0;
}
