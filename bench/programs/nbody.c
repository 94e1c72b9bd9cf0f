/* nbody.c: Barnes-Hut n-body simulation in the plane.
 * Each step builds a quadtree of malloc'd nodes over the bodies (each body
 * a malloc'd record reached through an array of pointers), computes every
 * node's mass and centre of mass bottom-up, then each body's force by
 * walking the tree (far nodes taken whole), moves the bodies and frees the
 * tree; prints a checksum of the final positions.
 * memlens:bench
 * memlens:libs -lm
 */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define RNG_SEED 0x2545F4914F6CDD1DULL
#include "rng.h"

#define THETA 0.5      /* a node whose size/distance is below it is taken whole */
#define SOFTENING 1e-4 /* keeps close encounters finite */
#define MAX_DEPTH 40   /* bodies closer than this resolves share a leaf */

struct body {
	double x, y, vx, vy, mass;
	struct body *next; /* the next body of the same leaf */
};

struct quad {
	double cx, cy, half;   /* the square: centre and half its side */
	double mass, mx, my;   /* total mass and centre of mass */
	struct quad *child[4]; /* NULL for a leaf */
	struct body *bodies;   /* a leaf's bodies */
};

static void *xmalloc(size_t n)
{
	void *p = malloc(n);
	if (!p) {
		perror("malloc");
		exit(1);
	}
	return p;
}

static double uniform(void)
{
	return (double)(xorshift64() >> 11) / 9007199254740992.0;
}

static struct quad *quad_new(double cx, double cy, double half)
{
	struct quad *q = xmalloc(sizeof *q);
	int i;
	q->cx = cx;
	q->cy = cy;
	q->half = half;
	q->mass = q->mx = q->my = 0;
	for (i = 0; i < 4; i++)
		q->child[i] = NULL;
	q->bodies = NULL;
	return q;
}

static int is_leaf(const struct quad *q)
{
	return !q->child[0] && !q->child[1] && !q->child[2] && !q->child[3];
}

static int quadrant(const struct quad *q, const struct body *b)
{
	return (b->x >= q->cx) + 2 * (b->y >= q->cy);
}

static struct quad *child_for(struct quad *q, int k)
{
	if (!q->child[k]) {
		double h = q->half / 2;
		q->child[k] = quad_new(q->cx + (k & 1 ? h : -h), q->cy + (k & 2 ? h : -h), h);
	}
	return q->child[k];
}

static void insert(struct quad *q, struct body *b, int depth)
{
	while (is_leaf(q)) {
		if (!q->bodies || depth == MAX_DEPTH) {
			b->next = q->bodies;
			q->bodies = b;
			return;
		}
		/* split: the leaf's body moves down a level */
		struct body *old = q->bodies;
		q->bodies = NULL;
		old->next = NULL;
		insert(child_for(q, quadrant(q, old)), old, depth + 1);
	}
	insert(child_for(q, quadrant(q, b)), b, depth + 1);
}

static void summarise(struct quad *q)
{
	const struct body *b;
	int i;
	for (b = q->bodies; b; b = b->next) {
		q->mass += b->mass;
		q->mx += b->x * b->mass;
		q->my += b->y * b->mass;
	}
	for (i = 0; i < 4; i++) {
		struct quad *c = q->child[i];
		if (!c)
			continue;
		summarise(c);
		q->mass += c->mass;
		q->mx += c->mx * c->mass;
		q->my += c->my * c->mass;
	}
	if (q->mass > 0) {
		q->mx /= q->mass;
		q->my /= q->mass;
	}
}

static void pull(const struct body *b, double x, double y, double mass, double *ax, double *ay)
{
	double dx = x - b->x, dy = y - b->y;
	double d2 = dx * dx + dy * dy + SOFTENING;
	double inv = mass / (d2 * sqrt(d2));
	*ax += dx * inv;
	*ay += dy * inv;
}

static void force(const struct quad *q, const struct body *b, double *ax, double *ay)
{
	const struct body *o;
	double dx = q->mx - b->x, dy = q->my - b->y;
	int i;
	if (!is_leaf(q) && 4 * q->half * q->half < THETA * THETA * (dx * dx + dy * dy)) {
		pull(b, q->mx, q->my, q->mass, ax, ay);
		return;
	}
	for (o = q->bodies; o; o = o->next)
		if (o != b)
			pull(b, o->x, o->y, o->mass, ax, ay);
	for (i = 0; i < 4; i++)
		if (q->child[i])
			force(q->child[i], b, ax, ay);
}

static void quad_free(struct quad *q)
{
	int i;
	for (i = 0; i < 4; i++)
		if (q->child[i])
			quad_free(q->child[i]);
	free(q);
}

/* bounds returns the half side of a square centred at (*cx, *cy) holding
 * every body. */
static double bounds(struct body **bodies, int n, double *cx, double *cy)
{
	double x0 = bodies[0]->x, x1 = x0, y0 = bodies[0]->y, y1 = y0;
	int i;
	for (i = 1; i < n; i++) {
		const struct body *b = bodies[i];
		x0 = b->x < x0 ? b->x : x0;
		x1 = b->x > x1 ? b->x : x1;
		y0 = b->y < y0 ? b->y : y0;
		y1 = b->y > y1 ? b->y : y1;
	}
	*cx = (x0 + x1) / 2;
	*cy = (y0 + y1) / 2;
	return ((x1 - x0 > y1 - y0 ? x1 - x0 : y1 - y0) / 2) * 1.0001 + 1e-9;
}

static void step(struct body **bodies, int n, double dt)
{
	double cx, cy, half = bounds(bodies, n, &cx, &cy);
	struct quad *root = quad_new(cx, cy, half);
	int i;
	for (i = 0; i < n; i++) {
		bodies[i]->next = NULL;
		insert(root, bodies[i], 0);
	}
	summarise(root);
	for (i = 0; i < n; i++) {
		struct body *b = bodies[i];
		double ax = 0, ay = 0;
		force(root, b, &ax, &ay);
		b->vx += ax * dt;
		b->vy += ay * dt;
	}
	for (i = 0; i < n; i++) {
		bodies[i]->x += bodies[i]->vx * dt;
		bodies[i]->y += bodies[i]->vy * dt;
	}
	quad_free(root);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 10000, steps = 20, i;
	struct body **bodies;
	unsigned long long sum = 0;
	if (n < 2)
		n = 2;
	bodies = xmalloc((size_t)n * sizeof *bodies);
	for (i = 0; i < n; i++) {
		/* a disc of bodies, slowly rotating */
		struct body *b = xmalloc(sizeof *b);
		double r = sqrt(uniform()), a = 6.283185307179586 * uniform();
		b->x = r * cos(a);
		b->y = r * sin(a);
		b->vx = -b->y * 0.1;
		b->vy = b->x * 0.1;
		b->mass = (0.5 + uniform()) / n;
		b->next = NULL;
		bodies[i] = b;
	}
	for (i = 0; i < steps; i++)
		step(bodies, n, 1e-3);
	for (i = 0; i < n; i++) {
		/* positions to 1e-9, as integers: a checksum every libm agrees on */
		sum = sum * 1000003ULL + (unsigned long long)llround(bodies[i]->x * 1e9);
		sum = sum * 1000003ULL + (unsigned long long)llround(bodies[i]->y * 1e9);
		free(bodies[i]);
	}
	free(bodies);
	printf("nbody: n=%d steps=%d checksum=%016llx\n", n, steps, sum);
	return 0;
}
