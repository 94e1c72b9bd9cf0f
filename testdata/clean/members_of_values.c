/* Members of struct values that are no objects: a call's result (tagged
 * values as interpreters return them: f(v).u.ptr, also through macros), an
 * assignment's, a statement expression's, a register variable's. Their
 * pointers are used as any other. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
	union {
		void *ptr;
		long i;
	} u;
	long tag;
} value;

#define VALUE_PTR(v) ((v).u.ptr)
#define VALUE_OBJ(v) ((int *)VALUE_PTR(v))

static value dup_value(int k, value v)
{
	v.tag += k;
	return v;
}

static value box(int *p)
{
	value v = {{p}, 0};
	return v;
}

int main(void)
{
	int *cell = malloc(4 * sizeof *cell);
	for (int i = 0; i < 4; i++)
		cell[i] = 10 * i;
	value v = box(cell + 1);
	int *a = VALUE_OBJ(dup_value(1, v));
	int *b = (int *)dup_value(2, v).u.ptr;
	long tag = dup_value(3, v).tag;
	value w;
	int *c = (int *)(w = dup_value(4, v)).u.ptr;
	int *d = ({ value t = box(cell + 2); t; }).u.ptr;
	register value r = box(cell + 3);
	int *e = r.u.ptr;
	r = box(cell);
	e += *(int *)r.u.ptr;
	printf("%d %d %ld %d %d %d %ld\n", *a, b[1], tag, *c, *d, *e, w.tag);
	free(cell);
	return 0;
}
