/* A callback member never set, copied into another struct and handed to
 * a function that calls it: reported at the call, where the value decides,
 * not where it is copied or passed (Valgrind's rule). */
#include <stdio.h>
#include <stdlib.h>

struct ops {
	void (*run)(int);
	int level;
};

static void run_once(void (*h)(int), int n)
{
	h(n); // want full:UNINITIALIZED-READ detect:NULL-POINTER-DEREF
}

int main(void)
{
	struct ops *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	a->level = 1;
	b->run = a->run;
	b->level = a->level;
	run_once(b->run, b->level);
	free(a);
	free(b);
	return 0;
}
