/* Inserting into a full sorted array: the memmove that opens the gap shifts
 * the tail one element past the end because the array was not grown. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sorted {
	int len, cap;
	int *v;
};

static void insert(struct sorted *s, int x)
{
	int pos = 0;
	while (pos < s->len && s->v[pos] < x)
		pos++;
	memmove(s->v + pos + 1, s->v + pos, (size_t)(s->len - pos) * sizeof *s->v); // want HEAP-BUFFER-OVERFLOW
	s->v[pos] = x;
	s->len++;
}

int main(void)
{
	struct sorted s = {0, 5, malloc(5 * sizeof(int))};
	if (s.v == NULL)
		return 1;
	int xs[] = {40, 10, 30, 20, 50, 25};
	for (int i = 0; i < 6; i++) {
		if (i == 5)
			printf("array full (%d/%d), inserting anyway\n", s.len, s.cap);
		insert(&s, xs[i]);
	}
	printf("smallest %d, second %d\n", s.v[0], s.v[1]);
	free(s.v);
	return 0;
}
