/* A shape is allocated with the size of the base struct but initialised as
 * the larger circle struct: the radius field lies past the end of the block. */
#include <stdio.h>
#include <stdlib.h>

enum shape_kind { SQUARE, CIRCLE };

struct shape {
	enum shape_kind kind;
	double x, y;
};

struct circle {
	struct shape base;
	double radius;
};

static struct shape *new_circle(double x, double y, double r)
{
	struct shape *s = malloc(sizeof(struct shape)); /* should be struct circle */
	if (s == NULL)
		exit(1);
	s->kind = CIRCLE;
	s->x = x;
	s->y = y;
	struct circle *c = (struct circle *)s;
	c->radius = r; // want HEAP-BUFFER-OVERFLOW
	return s;
}

int main(void)
{
	struct shape *s = new_circle(1.0, 2.0, 0.5);
	printf("circle at (%.1f, %.1f)\n", s->x, s->y);
	free(s);
	return 0;
}
