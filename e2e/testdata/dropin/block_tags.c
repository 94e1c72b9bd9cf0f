/* A block defines a struct, a union and an enum again after its code named
 * the file's of the same tags (C11 6.7.2.3: the block's definition declares
 * a new type from there on; the earlier mentions are the file's): the
 * front end took every mention for the block's own ("TODO *cc.InvalidType"),
 * and the unit was compiled uninstrumented with a warning. A nested block
 * sees the block's, a sibling block the file's again. */
#include <stdio.h>
#include <stdlib.h>

struct s {
	int a;
};
union u {
	int i;
	char c;
};
enum e { ONE = 1 };

static int file_s(struct s *p)
{
	return p->a;
}

int main(int argc, char **argv)
{
	(void)argv;
	struct s x = {1};
	struct s *p = malloc(sizeof *p);
	p->a = 5;
	union u v = {.i = 3};
	enum e one = ONE;
	struct s {
		long b[4];
	} y = {{2, 3, 4, 5}};
	union u {
		double d;
	} w = {.d = 2.5};
	enum e { TWO = 2 } two = TWO;
	struct s *q = malloc(sizeof *q);
	q->b[3] = 7;
	{
		struct s inner = {{argc}};
		printf("%zu %ld\n", sizeof inner, inner.b[0]);
	}
	printf("%d %d %ld %zu %zu %ld %d %.1f %d %d %zu\n", x.a, file_s(p), y.b[3], sizeof x, sizeof y, q->b[3], v.i, w.d, one, two, sizeof w);
	free(p);
	free(q);
	return 0;
}
