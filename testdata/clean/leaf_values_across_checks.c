/* Functions that call nothing, whose checks' calls memlens makes in asm
 * statements unoptimised (so that gcc keeps their locals in the red zone):
 * values live across a check in the same expression (integers, doubles,
 * long doubles, floats), side effects in a checked address, narrow
 * arguments, index checks, locals beyond the red zone's 128 bytes, a
 * variable-length array, and pointers walked through a loop. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cell {
	double weight;
	long double precise;
	float ratio;
	short tag;
	unsigned char flags;
	struct cell *next;
};

static double mixed(const struct cell *c, const double *w, int i)
{
	double before = c->weight * 2.0;
	long double wide = c->precise / 3.0L;
	return before + w[i] * c->ratio + (double)(wide * c->tag) - w[i + 1] * c->flags;
}

static int drain(unsigned char *buf, int *pos, int n)
{
	int sum = 0;
	while (*pos < n)
		sum += buf[(*pos)++] * 3 - buf[n - 1];
	return sum;
}

static long many_locals(const long *v)
{
	long a = v[0], b = v[1], c = v[2], d = v[3], e = v[4], f = v[5], g = v[6], h = v[7];
	long i = v[8], j = v[9], k = v[10], l = v[11], m = v[12], n = v[13], o = v[14], p = v[15];
	long q = v[16], r = v[17];
	return a * b + c * d - e * f + g * h - i * j + k * l - m * n + o * p - q * r + v[a & 15];
}

static long in_vla(int n, const long *v)
{
	long copy[n];
	long total = 0;
	for (int i = 0; i < n; i++)
		copy[i] = v[i] * 2;
	for (int i = n - 1; i >= 0; i--)
		total = total * 7 + copy[i];
	return total;
}

static int walk(const struct cell *c, short *tags, int at)
{
	int n = 0;
	for (; c; c = c->next)
		tags[at + n++] = c->tag;
	return n;
}

static const int squares[6] = {0, 1, 4, 9, 16, 25};

static int square(int i) { return squares[i % 6]; }

int main(void)
{
	struct cell cells[3];
	double w[4] = {0.5, 1.5, 2.5, 3.5};
	unsigned char buf[16];
	long v[18];
	short tags[8] = {0};
	int pos = 0, n;
	for (int i = 0; i < 3; i++) {
		cells[i].weight = i + 0.25;
		cells[i].precise = i * 1.125L;
		cells[i].ratio = (float)i / 4;
		cells[i].tag = (short)(10 * i - 7);
		cells[i].flags = (unsigned char)(200 + i);
		cells[i].next = i < 2 ? &cells[i + 1] : NULL;
	}
	for (int i = 0; i < 16; i++)
		buf[i] = (unsigned char)(i * 17);
	for (int i = 0; i < 18; i++)
		v[i] = i * 3 - 20;
	printf("%.6f %.6f\n", mixed(&cells[0], w, 1), mixed(&cells[2], w, 2));
	n = drain(buf, &pos, 16);
	printf("%d %d\n", n, pos);
	printf("%ld %ld\n", many_locals(v), in_vla(18, v));
	n = walk(&cells[0], tags, 2);
	printf("%d %d %d %d\n", n, tags[2], tags[3], tags[4]);
	printf("%d %d\n", square(4), square(11));
	return 0;
}
