/* A declaration whose initializers write the locals declared before them
 * in the same declaration: each is written by then, not uninitialised. */
#include <stdio.h>
#include <string.h>

struct point {
	int x, y;
};

static int set(int *p, int v)
{
	*p = v;
	return v + 1;
}

static char *fill(char *b, const char *s)
{
	strcpy(b, s);
	return b;
}

int main(void)
{
	int a, b = set(&a, 3), c = set(&b, b + a);
	char name[16], *copy = fill(name, "declarators");
	struct point p, q = (set(&p.x, 5), set(&p.y, 6), p);
	printf("%d %d %d %s %s %d %d\n", a, b, c, name, copy, q.x, q.y);
	return 0;
}
