/* A varargs logger appends its arguments to a fixed-capacity heap array;
 * the second call passes more values than there is room for. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

struct samples {
	int len, cap;
	int *vals;
};

static void record(struct samples *s, int count, ...)
{
	va_list ap;
	va_start(ap, count);
	for (int i = 0; i < count; i++)
		s->vals[s->len++] = va_arg(ap, int); // want HEAP-BUFFER-OVERFLOW
	va_end(ap);
}

int main(void)
{
	struct samples s = {0, 5, malloc(5 * sizeof(int))};
	if (s.vals == NULL)
		return 1;
	record(&s, 3, 4, 8, 15);
	printf("%d samples\n", s.len);
	record(&s, 3, 16, 23, 42);
	printf("%d samples\n", s.len);
	free(s.vals);
	return 0;
}
