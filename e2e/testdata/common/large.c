/* The largest tentative definition of tab (small.c's is 10 ints). */
#include <string.h>

int tab[20];

void fill(void)
{
	memset(tab, 0, sizeof tab);
	for (int i = 0; i < 20; i++)
		tab[i] = i;
}
