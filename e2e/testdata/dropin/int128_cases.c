/* Case labels past 64 bits in switches on __int128 and its typedefs
 * (`case (__int128)1 << 70:`, a GNU range, a decimal constant gcc makes
 * __int128): the front end evaluates case labels in 64 bits, and the unit
 * must still be instrumented with the same meaning. */
#include <stdio.h>
#include <stdlib.h>

typedef __int128 i128;
typedef unsigned __int128 u128;
typedef i128 wide_t;

static int kind(i128 v)
{
	switch (v) {
	case (__int128)1 << 70:
		return 1;
	case ((i128)1 << 64) + 5:
		return 2;
	case 5:
		return 3;
	case -((wide_t)3 << 100):
		return 4;
	case (i128)1 << 80 ... ((i128)1 << 80) + 9:
		return 5;
	case 9223372036854775808:
		return 6;
	default:
		return 0;
	}
}

static int ukind(u128 v)
{
	switch (v) {
	case (u128)1 << 127:
		return 1;
	case (__uint128_t)7 << 80:
		return 2;
	case (unsigned __int128)0xffffffffffffffffULL * 3:
		return 3;
	}
	return 0;
}

int main(int argc, char **argv)
{
	(void)argv;
	i128 *v = malloc(8 * sizeof *v);
	v[0] = (i128)argc << 70;
	v[1] = ((i128)1 << 64) + 5;
	v[2] = 5;
	v[3] = -((i128)3 << 100);
	v[4] = ((i128)1 << 80) + 3;
	v[5] = (i128)1 << 63;
	v[6] = 6;
	v[7] = (i128)1 << 81;
	for (int i = 0; i < 8; i++)
		printf("%d ", kind(v[i]));
	printf("%d %d %d %d\n", ukind((u128)1 << 127), ukind((u128)7 << 80), ukind((u128)0xffffffffffffffffULL * 3),
	       ukind(1));
	free(v);
	return 0;
}
