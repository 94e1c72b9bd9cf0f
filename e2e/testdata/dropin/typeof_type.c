/* GNU typeof of a type name in a declaration (typeof(float) c), which the
 * front end parses but does not type-check there: the same types,
 * qualifiers kept. */
#include <stdio.h>
#include <stdlib.h>

struct point {
	int x, y;
};

static typeof(unsigned long) counter = 3;
static __typeof__(const struct point *) origin;

int main(void)
{
	typeof(float) half = 0.5f;
	__typeof__(struct point *) heap = malloc(2 * sizeof *heap);
	typeof(volatile int) tick = 7;
	typeof(char *) name = "typeof(int) stays text";
	typeof(int[3]) three = {1, 2, 3};
	if (!heap)
		return 1;
	heap[1].x = (typeof(int))(half * 10);
	heap[1].y = tick;
	origin = heap;
	printf("%zu %d ", sizeof three, three[2]);
	printf("%zu %zu %d %d %d %lu %s\n", sizeof half, sizeof counter,
	       _Generic(half, float: 1, default: 0), _Generic(&tick, volatile int *: 1, default: 0),
	       origin[1].x + origin[1].y, counter, name);
	free(heap);
	return 0;
}
