/* A tree built as push(v, name(), build(depth - 1)) does: a fresh block in
 * flight as one argument while the call of another builds a whole subtree,
 * freed at the end. Nothing is lost; the output is gcc's. */
#include <stdio.h>
#include <stdlib.h>

struct node {
	char *name;
	struct node **kids;
	size_t n, cap;
};

static char *name_of(int depth, size_t i)
{
	char *s = malloc(24);
	snprintf(s, 24, "n%d.%zu", depth, i);
	return s;
}

static void add(struct node *parent, char *name, struct node *kid)
{
	if (parent->n == parent->cap) {
		parent->cap = parent->cap ? 2 * parent->cap : 1;
		parent->kids = realloc(parent->kids, parent->cap * sizeof *parent->kids);
	}
	kid->name = name;
	parent->kids[parent->n++] = kid;
}

static struct node *build(int depth)
{
	struct node *v = calloc(1, sizeof *v);
	for (size_t i = 0; depth > 0 && i < 3; i++)
		add(v, name_of(depth, i), build(depth - 1));
	return v;
}

static size_t walk(const struct node *v, size_t sum)
{
	for (size_t i = 0; i < v->n; i++)
		sum = walk(v->kids[i], sum + v->kids[i]->name[1]);
	return sum;
}

static void destroy(struct node *v)
{
	for (size_t i = 0; i < v->n; i++)
		destroy(v->kids[i]);
	free(v->kids);
	free(v->name);
	free(v);
}

int main(void)
{
	struct node *root = build(6);
	root->name = name_of(7, 0);
	printf("%s %zu\n", root->name, walk(root, 0));
	destroy(root);
	return 0;
}
