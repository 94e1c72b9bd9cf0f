/* Integer constants the front end rejects: decimal ones past long long
 * without u (gcc's __int128, "so large that it is unsigned") and any past
 * 64 bits (gcc keeps the low 64, "too large for its type"), in every place
 * a constant may stand. */
#include <stdio.h>
#include <stdlib.h>

#define TYPE(x) _Generic((x), int: "int", unsigned: "unsigned", long: "long", unsigned long: "unsigned long", \
	long long: "long long", unsigned long long: "unsigned long long", __int128: "__int128", default: "other")

static unsigned __int128 max = 340282366920938463463374607431768211455u;
static __int128 big = 9223372036854775808;
static char buffer[36893488147419103233 + 2];

static int kind(__int128 c)
{
	switch (c) {
	case 18446744073709551617:
		return 1;
	case 0x10000000000000007:
		return 2;
	default:
		return 0;
	}
}

int main(void)
{
	unsigned long long *heap = malloc(2 * sizeof *heap);
	heap[0] = 99999999999999999999999;
	heap[1] = -9223372036854775808LL;
	printf("%s %s %s %s\n", TYPE(9223372036854775808), TYPE(18446744073709551617), TYPE(0x1ffffffffffffffffll), TYPE(36893488147419103231u));
	printf("%llx %llx %zu %d %d %llu %llx %zu\n", (unsigned long long)max, (unsigned long long)(big >> 1), sizeof buffer,
	       kind(1), kind(7), heap[0], heap[1], sizeof 18446744073709551615);
	free(heap);
	return 0;
}
