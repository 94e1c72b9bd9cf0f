/* A local's address goes down a recursion and through a second function
 * before the bottom keeps it: the local is not lent (a callee that passes
 * a pointer on borrows it only if the next one does, recursion included),
 * so it dies with its block and the kept pointer dangles. */
#include <stdio.h>

static const int *last;

static void note(const int *p) { last = p; }

static void descend(const int *p, int n)
{
	if (n > 0)
		descend(p, n - 1);
	else
		note(p);
}

int main(void)
{
	int total = 0;
	for (int i = 0; i < 3; i++) {
		int square = i * i;
		descend(&square, i);
		total += *last;
	}
	printf("%d %d\n", total, *last); // want USE-AFTER-SCOPE
	return 0;
}
