/* A tagged value returned through GNU C's cast to its own struct type
 * (QuickJS's JS_DupValue: `return (JSValue)v;`) keeps its pointer's meta
 * in the caller's copy, so a read after the block is freed is found. */
#include <stdio.h>
#include <stdlib.h>

struct value {
	void *ptr;
	long tag;
};

static struct value dup_value(struct value v)
{
	return (struct value)v;
}

int main(void)
{
	int *o = malloc(sizeof *o);
	if (o == NULL)
		return 1;
	*o = 3;
	struct value a = { o, 1 };
	struct value b;
	b = dup_value(a);
	printf("%d\n", *(int *)b.ptr);
	free(o);
	printf("%d\n", *(int *)b.ptr); // want DANGLING-POINTER-DEREF
	return 0;
}
