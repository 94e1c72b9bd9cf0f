/* Array indexing that is legal and must never be reported: one-past-the-end
 * addresses, the struct hack with a trailing [1] or [0] member, flexible
 * array members, unions overlaying arrays, row pointers of 2-D arrays, VLAs,
 * negative indexes through a pointer into the middle of an array, and
 * sizeof of out-of-range elements (never evaluated). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct packet {
	int len;
	char data[1]; /* the struct hack: allocated longer */
};

struct message {
	int len;
	char body[]; /* flexible array member */
};

struct legacy {
	int n;
	int items[0]; /* GNU zero-length array */
};

union word {
	unsigned char bytes[4];
	unsigned int value;
};

static int sum_range(const int *begin, const int *end)
{
	int s = 0;
	for (const int *p = begin; p != end; p++)
		s += *p;
	return s;
}

int main(int argc, char **argv)
{
	int a[5] = {1, 2, 3, 4, 5};
	int total = sum_range(&a[0], &a[5]); /* one past the end */
	int *mid = &a[2];
	int *past = &(a[5]); /* parenthesised, still only an address */
	total += (int)(past - a);
	total += mid[-2] + mid[2];

	struct packet *pk = malloc(sizeof *pk + 15);
	pk->len = 16;
	for (int i = 0; i < pk->len; i++)
		pk->data[i] = (char)('a' + i);
	total += pk->data[15];

	struct message *m = malloc(sizeof *m + 8);
	m->len = 8;
	memset(m->body, 'x', 8);
	total += m->body[7];

	struct legacy *lg = malloc(sizeof *lg + 3 * sizeof(int));
	lg->n = 3;
	for (int i = 0; i < lg->n; i++)
		lg->items[i] = i;
	total += lg->items[2];

	struct { char rgb[3]; char alpha; } px = {{1, 2, 3}, 4};
	const char *rgb_end = &((px.rgb)[3]); /* one past a member that is not last */
	total += (int)(rgb_end - px.rgb) + px.alpha;

	union word w;
	w.value = 0x01020304u;
	total += w.bytes[0] + w.bytes[3];

	int grid[3][4] = {{0}};
	int (*rows_end)[4] = &grid[3]; /* one past the last row */
	int *row_end = grid[1] + 4;    /* one past the end of a row */
	total += (int)(rows_end - grid) + (int)(row_end - grid[1]);
	for (int (*r)[4] = grid; r != rows_end; r++)
		(*r)[3] = 1;
	total += grid[2][3];

	int n = argc + 3;
	int vla[n];
	for (int i = 0; i < n; i++)
		vla[i] = i;
	total += vla[n - 1];

	total += (int)sizeof a[10]; /* not evaluated */
	(void)argv;
	printf("%d\n", total);
	free(pk);
	free(m);
	free(lg);
	return 0;
}
