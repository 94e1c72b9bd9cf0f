/* Global buffers overflowed through pointers: in a callee that gets the
 * array as a pointer, through a pointer kept in a struct, through a
 * pointer set by a static initializer, and in libc calls (strcpy, memset). */
#include <stdio.h>
#include <string.h>

int histogram[8];
char title[12] = "report";
static double samples[4];
long ring[4];
long *ring_head = ring; /* set by a static initializer */

struct sink {
	double *buf;
	int cap;
};

static void count(int *h, const int *values, int n)
{
	for (int i = 0; i < n; i++)
		h[values[i]]++; // want GLOBAL-BUFFER-OVERFLOW
}

static void push(struct sink *s, int i, double v)
{
	s->buf[i] = v; // want GLOBAL-BUFFER-OVERFLOW
}

int main(void)
{
	int values[5] = {1, 3, 7, 8, 2};
	count(histogram, values, 5);
	struct sink s = {samples, 4};
	for (int i = 0; i <= s.cap; i++)
		push(&s, i, i * 0.5);
	strcpy(title, "monthly report"); // want GLOBAL-BUFFER-OVERFLOW
	memset(samples, 0, sizeof samples + 8); // want GLOBAL-BUFFER-OVERFLOW
	for (int i = 0; i < 5; i++)
		ring_head[i] = i; // want GLOBAL-BUFFER-OVERFLOW
	printf("%d %.1f %ld\n", histogram[3], samples[0], ring[3]);
	return 0;
}
