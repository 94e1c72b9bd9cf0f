/* C leaves the order of call arguments and of the two sides of an
 * assignment unspecified; an instrumented program must still do exactly
 * what the native build does. Every operand here has a visible side effect
 * and some are pointers, which memlens hoists into temporaries. */
#include <stdio.h>
#include <stdlib.h>

static int trace[64], ntrace;

static int step(int x)
{
	trace[ntrace++] = x;
	return x;
}

static char *ptr(char *p, int x)
{
	step(x);
	return p;
}

static char **slot(char **s, int x)
{
	step(x);
	return s;
}

static int take3(char *a, int b, char *c)
{
	return (a != NULL) + b + (c != NULL);
}

static int (*pick(int x))(char *, int, char *)
{
	step(x);
	return take3;
}

int main(void)
{
	char *buf = malloc(16), *cells[4] = {0};
	int sum = 0;
	sum += take3(ptr(buf, 1), step(2), ptr(buf + 1, 3));
	sum += pick(4)(ptr(buf, 5), step(6), ptr(buf, 7));
	*slot(&cells[0], 8) = ptr(buf, 9);
	*slot(&cells[1], 10) = buf + step(11);
	*slot(&cells[1], 12) += step(13);
	cells[step(14) % 4] = ptr(buf, 15);
	*slot(&cells[2], 16) = (step(17), buf);
	*slot(&cells[2], 18) = step(19) ? ptr(buf, 20) : NULL;
	*slot(&cells[3], 21) = (cells[2] = ptr(buf, 22));
	*slot(&cells[3], 23) = *slot(&cells[2], 24);
	*slot(&cells[3], 25) = (char *)ptr(buf, 26);
	for (int i = 0; i < ntrace; i++)
		printf("%d ", trace[i]);
	printf("| %d %d\n", sum, (int)(cells[1] - buf));
	free(buf);
	return 0;
}
