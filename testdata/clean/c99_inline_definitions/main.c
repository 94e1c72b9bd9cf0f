#include <stdio.h>
#include "clamp.h"

int main(void)
{
	int v[5];
	int raw[5] = {-50, 3, 250, 7, 99};
	for (int i = 0; i < 5; i++)
		put_clamped(&v[i], raw[i]);
	for (int k = 0; k < 2; k++)
		rotate(v, 5 - 2 * k); /* one call site: gcc inlines it natively */
	printf("%d %d %d %d %d\n", v[0], v[1], v[2], v[3], v[4]);
	printf("%d\n", total(raw, 5));
	return 0;
}
