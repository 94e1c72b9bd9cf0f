/* A failed search leaves NULL in a struct field; the field is used much
 * later, in another function. */
#include <stdio.h>
#include <string.h>

struct dept {
	const char *name;
	int budget;
};

struct employee {
	const char *name;
	const char *dept_name;
	const struct dept *dept; /* resolved later */
};

static const struct dept depts[] = {{"eng", 500}, {"ops", 200}};

static const struct dept *find_dept(const char *name)
{
	for (int i = 0; i < 2; i++)
		if (strcmp(depts[i].name, name) == 0)
			return &depts[i];
	return NULL;
}

static void resolve(struct employee *e, int n)
{
	for (int i = 0; i < n; i++)
		e[i].dept = find_dept(e[i].dept_name);
}

static int total_budget(const struct employee *e, int n)
{
	int t = 0;
	for (int i = 0; i < n; i++)
		t += e[i].dept->budget; // want NULL-POINTER-DEREF
	return t;
}

int main(void)
{
	struct employee staff[] = {
		{"ann", "eng", NULL},
		{"bob", "ops", NULL},
		{"cyd", "sales", NULL},
	};
	resolve(staff, 3);
	printf("%s works in %s\n", staff[0].name, staff[0].dept->name);
	printf("total %d\n", total_budget(staff, 3));
	return 0;
}
