/* A pointer read again from a slot takes the meta of its last read only
 * while nothing can have written the slot: here each read after the first
 * follows a write of another, larger block into the slot (a store, one
 * through another pointer to the same struct, through an array element,
 * byte by byte, in a call, in a loop), and indexes past the first block's
 * end: the old meta would report an overflow that is not there. */
#include <stdio.h>
#include <stdlib.h>

struct holder {
	char *buf;
	int len;
};

static char *small, *big;
static int total;

static void fill(char *p, int n)
{
	for (int i = 0; i < n; i++)
		p[i] = (char)i;
}

static __attribute__((noinline)) void set_big(struct holder *h)
{
	h->buf = big;
}

static void direct(struct holder *h)
{
	h->buf = small;
	total += h->buf[1];
	h->buf = big;
	total += h->buf[12];
}

static void through_alias(struct holder *h, struct holder *g)
{
	h->buf = small;
	total += h->buf[2];
	g->buf = big; /* g == h */
	total += h->buf[13];
}

static void through_element(struct holder *h, struct holder *all, int j)
{
	h->buf = small;
	total += h->buf[3];
	all[j].buf = big; /* &all[j] == h */
	total += h->buf[14];
}

static void byte_by_byte(struct holder *h)
{
	unsigned char *to = (unsigned char *)&h->buf;
	const unsigned char *from = (const unsigned char *)&big;
	h->buf = small;
	total += h->buf[0];
	for (size_t k = 0; k < sizeof big; k++)
		to[k] = from[k];
	total += h->buf[15];
}

static void in_call(struct holder *h)
{
	h->buf = small;
	total += h->buf[1];
	set_big(h);
	total += h->buf[11];
}

static void in_loop(struct holder *h, int n)
{
	h->buf = small;
	h->len = 4;
	total += h->buf[0];
	for (int i = 0; i < n; i++) {
		total += h->buf[h->len - 1];
		h->buf = big;
		h->len = 16;
	}
}

int main(void)
{
	struct holder hs[2];
	small = malloc(4);
	big = malloc(16);
	if (!small || !big)
		return 1;
	fill(small, 4);
	fill(big, 16);
	direct(&hs[0]);
	through_alias(&hs[1], &hs[1]);
	through_element(&hs[1], hs, 1);
	byte_by_byte(&hs[0]);
	in_call(&hs[1]);
	in_loop(&hs[0], 3);
	printf("total %d\n", total);
	free(small);
	free(big);
	return 0;
}
