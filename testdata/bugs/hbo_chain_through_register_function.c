/* A function with external linkage that makes no call keeps its pointer
 * parameters' provenance in the thread's words instead of variables
 * (optimised: instrument's keepsArgWords); its failing check reads them
 * there, so the chain still climbs through its caller's call to the
 * allocation. Two pointer parameters, the second the one overflowed. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) int sum_counts(const unsigned short *lens, unsigned short *count, unsigned n)
{
	int total = 0;
	for (unsigned i = 0; i < n; i++) {
		count[lens[i]]++; // want HEAP-BUFFER-OVERFLOW
		total += lens[i];
	}
	return total;
}

int main(void)
{
	unsigned short lens[4] = {1, 2, 3, 16};
	unsigned short *count = calloc(16, sizeof *count); // want origin:HEAP-BUFFER-OVERFLOW
	if (count == NULL)
		return 1;
	printf("%d\n", sum_counts(lens, count, 4)); // want chain:HEAP-BUFFER-OVERFLOW
	printf("%d\n", count[1]);
	free(count);
	return 0;
}
