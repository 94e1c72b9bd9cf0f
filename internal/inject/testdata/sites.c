/* sites.c: where each template of memlens inject applies (a "site:"
 * comment on the line the annotation goes to) and where it must not. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 4

static int global[N];

struct rec {
	char *name;
	int n;
};

static struct rec *lookup(struct rec *r, const char *name)
{
	return strcmp(r->name, name) == 0 ? r : NULL;
}

static void use_int(int *p)
{
	printf("%d\n", *p);
}

static void use(struct rec *r)
{
	printf("%d\n", r->n);
}

int main(void)
{
	int local[N];
	int other[N + 1];
	for (int i = 0; i < N; i++)
		local[i] = i; // site: loop-bound index-off-by-one
	for (int i = 0; i < N; i++)
		global[i] = local[i]; /* two arrays: no site */
	for (int i = 0; i < N; i++)
		other[i] = 0; /* N + 1 elements: no site */
	for (int i = 0; i < N; i++)
		use_int(&local[i]); /* an address, not an access: no site */
	char *s = malloc(strlen("abc") + 1); // site: alloc-short
	struct rec *r = malloc(sizeof *r); /* a lone sizeof: no alloc-short */ // site: missing-free
	if (!s || !r)
		exit(1);
	strcpy(s, "abc");
	r->name = s;
	r->n = other[0] + global[1];
	int k = r->n;
	if (k > 2) // site: missing-init
		puts("big");
	struct rec *found = lookup(r, "abc");
	if (!found) {
		puts("none");
		return 1;
	}
	int v = found->n; // site: unchecked-null
	struct rec *again = lookup(r, "abc");
	if (again == NULL)
		return 2;
	use(again); /* handed to a function first: no unchecked-null site */
	char *t = strdup("tmp"); // site: missing-free
	if (!t)
		exit(1);
	puts(t);
	free(t); // site: double-free interior-free
	char *copy = strdup(s); // site: shallow-copy missing-free
	if (!copy)
		exit(1);
	puts(copy);
	free(copy); // site: double-free interior-free
	int *grow = malloc(2 * sizeof *grow); // site: alloc-short
	if (!grow)
		exit(1);
	grow = realloc(grow, 8 * sizeof *grow); // site: alloc-short
	grow[7] = v; // site: use-after-realloc
	printf("%d %d\n", grow[7], r->n); // site: free-before-use
	free(grow); // site: double-free interior-free
	free(r->name); // site: double-free interior-free free-before-use
	free(r); // site: double-free interior-free
	return 0;
}
