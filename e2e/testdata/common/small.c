/* A tentative definition of tab smaller than large.c's: with -fcommon the
 * linker makes one object of the largest, 20 ints, which both units
 * register. */
#include <stdio.h>
#include <stdlib.h>

int tab[10];

void fill(void);

static int sum(const int *p, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += p[i]; /* past 20: GLOBAL-BUFFER-OVERFLOW */
	return s;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 20;
	fill();
	printf("%d\n", sum(tab, n));
	return 0;
}
