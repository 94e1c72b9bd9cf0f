/* gcc treats a trailing array of a struct reached through a pointer as
 * flexible (clean/struct_hack_longer_trailing_array), but a declared struct
 * has its declared size: an index past its trailing member is reported, and
 * the struct hack's array indexed past its heap block is still an overflow. */
#include <stdio.h>
#include <stdlib.h>

struct rec {
	int n;
	char tag[4];
};

struct text {
	size_t len;
	char str[2];
};

static struct rec table[2];

int main(int argc, char **argv)
{
	(void)argv;
	struct rec r = {1, "abc"};
	int i = argc + 3;
	r.tag[i] = 'x'; // want INTRA-OBJECT-OVERFLOW
	table[1].tag[i] = 'y'; // want INTRA-OBJECT-OVERFLOW
	struct text *t = malloc(sizeof *t + 4);
	if (t == NULL)
		return 1;
	t->len = 5;
	for (size_t k = 0; k < t->len; k++)
		t->str[k] = 'a';
	t->str[t->len] = 0;
	volatile char past = t->str[t->len + 16]; // want HEAP-BUFFER-OVERFLOW
	(void)past;
	printf("%d %s\n", r.n, t->str);
	free(t);
	return 0;
}
