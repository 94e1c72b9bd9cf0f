/* GNU __alignof__ applied to an expression without parentheses
 * (`__alignof__ x`, `__alignof__ f()`), as tinycc's tests write it: the
 * unit must still be instrumented and give gcc's values. */
#include <stdio.h>
#include <stdlib.h>

struct rec {
	char tag;
	double value;
	struct rec *next;
};

static struct rec make(double v)
{
	struct rec r = { 'r', v, NULL };
	return r;
}

int main(void)
{
	struct rec *heap = malloc(3 * sizeof *heap);
	short s = 0;
	long sum = 0;
	if (!heap)
		return 1;
	for (int i = 0; i < 3; i++)
		heap[i] = make(i);
	sum += __alignof__ s;
	sum += __alignof__ make(1.0) * 10;
	sum += __alignof heap[2].tag * 100;
	sum += __alignof__ *heap->next * 1000;
	sum += _Alignof -s * 10000;
	printf("%ld %d %.1f\n", sum, (int)__alignof__ heap[1].value, heap[2].value);
	free(heap);
	return 0;
}
