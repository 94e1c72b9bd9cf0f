/* Reports whose stacks e2e/stacks_test.go checks frame by frame. */
#include <stdlib.h>

static char *alloc_here(size_t n)
{
	return malloc(n);
}

static char *path_a(void)
{
	return alloc_here(8);
}

static char *path_b(void)
{
	return alloc_here(4);
}

/* makes no calls: memlens pushes no frame for it */
static void poke(char *p, int i)
{
	p[i] = 1;
}

static void middle(char *p)
{
	poke(p, 4);
}

static void release(char *p)
{
	free(p);
}

int main(void)
{
	char *a = path_a();
	char *b = path_b(); /* allocated after path_a's frames were left */
	middle(b);          /* overflow: poke <- middle <- main */
	release(a);
	return a[0];        /* use after free: freed in release <- main */
}
