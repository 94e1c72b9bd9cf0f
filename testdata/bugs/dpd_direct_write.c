/* Releasing a reference: the object is freed when the count drops to zero,
 * and then the count is decremented once more through the freed pointer. */
#include <stdio.h>
#include <stdlib.h>

struct obj {
	char name[16];
	int refs;
	int value;
};

static int unref(struct obj *o)
{
	if (o->refs == 1) {
		printf("destroying (value %d)\n", o->value);
		free(o);
	}
	return --o->refs; // want DANGLING-POINTER-DEREF
}

int main(void)
{
	struct obj *o = malloc(sizeof *o);
	if (o == NULL)
		return 1;
	o->refs = 2;
	o->value = 42;
	printf("refs now %d\n", unref(o));
	printf("refs now %d\n", unref(o));
	return 0;
}
