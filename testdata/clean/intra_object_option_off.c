/* memlens:options intra_object_overflow=0
 * memlens:cflags -O0
 *
 * Code that reads a struct's consecutive arrays as one (a known, deliberate
 * intra-object overflow): with intra_object_overflow=0 it is not reported,
 * while the access stays inside the object. */
#include <stdio.h>

struct rgba {
	unsigned char rgb[3];
	unsigned char alpha;
};

int main(void)
{
	struct rgba px = {{10, 20, 30}, 40};
	int sum = 0;
	/* (the index past rgb is undefined behaviour gcc would exploit) */
	for (int i = 0; i < 4; i++)
		sum += px.rgb[i]; /* i == 3 reads alpha */
	printf("%d\n", sum);
	return 0;
}
