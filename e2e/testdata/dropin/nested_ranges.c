/* GNU range designators followed by more designators ([0 ... 3].a[1] = 7),
 * which the front end rejected as nested ranged designations: in a global's
 * initializer and a local's, with later designations overriding some. */
#include <stdio.h>

struct cell {
	int a[3];
	int b;
};

#define ROWS 5

static struct cell cells[ROWS] = {[0 ... 3].a[1] = 7, [2].b = 9, [1 ... 2].a[1] = 2 * 4};
static int grid[4][2] = {[1 ... 2][1] = 3};

int main(int argc, char **argv)
{
	(void)argv;
	int k = argc + 4;
	struct cell local[4] = {[1 ... 2].a[2] = k * 2, [0 ... 1].b = -k};
	for (int i = 0; i < ROWS; i++)
		printf("%d %d %d %d\n", cells[i].a[1], cells[i].b, i < 4 ? local[i].a[2] : 0, i < 4 ? local[i].b + grid[i][1] : 0);
	return 0;
}
