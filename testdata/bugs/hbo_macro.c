/* The element access is hidden in a macro; the report points at the line
 * using the macro. vec_append() stores at index len without checking cap. */
#include <stdio.h>
#include <stdlib.h>

struct vec {
	int len, cap;
	long *data;
};

#define AT(v, i) ((v)->data[(i)])

static void vec_append(struct vec *v, long x)
{
	AT(v, v->len) = x; // want HEAP-BUFFER-OVERFLOW
	v->len++;
}

int main(void)
{
	struct vec v = {0, 3, NULL};
	v.data = malloc(v.cap * sizeof *v.data);
	if (v.data == NULL)
		return 1;
	for (long x = 1; x <= 4; x++) {
		vec_append(&v, x * x);
		printf("appended %ld, len %d\n", x * x, v.len);
	}
	printf("first is %ld\n", AT(&v, 0));
	free(v.data);
	return 0;
}
