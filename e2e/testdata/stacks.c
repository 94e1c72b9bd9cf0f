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

/* hands out its own local: declared in keep_local <- through_here */
static int *keep_local(int v)
{
	int local = v;
	int *p = &local;
	return p;
}

static int *through_here(void)
{
	return keep_local(3);
}

int main(void)
{
	int *dead = through_here();
	int r = *dead;      /* use after return: declared in keep_local <- through_here */
	char *a = path_a();
	char *b = path_b(); /* allocated after path_a's frames were left */
	middle(b);          /* overflow: poke <- middle <- main */
	release(a);
	return a[0] + r;    /* use after free: freed in release <- main */
}
