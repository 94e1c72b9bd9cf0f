/* qsort and bsearch with several comparators: integers both ways, structs
 * by two keys, an array of strings, and lookups that hit and miss. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct person {
	char name[12];
	int age;
};

static int asc(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

static int desc(const void *a, const void *b) { return asc(b, a); }

static int by_age_then_name(const void *a, const void *b)
{
	const struct person *p = a, *q = b;
	if (p->age != q->age)
		return p->age < q->age ? -1 : 1;
	return strcmp(p->name, q->name);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void print_ints(const char *label, const int *v, size_t n)
{
	printf("%s:", label);
	for (size_t i = 0; i < n; i++)
		printf(" %d", v[i]);
	printf("\n");
}

int main(void)
{
	size_t n = 12;
	int *v = malloc(n * sizeof *v);
	if (v == NULL)
		return 1;
	for (size_t i = 0; i < n; i++)
		v[i] = (int)((i * 7919) % 31) - 15;
	print_ints("input", v, n);
	qsort(v, n, sizeof *v, desc);
	print_ints("desc", v, n);
	qsort(v, n, sizeof *v, asc);
	print_ints("asc", v, n);
	int keys[] = {-15, 0, 3, 14};
	for (int i = 0; i < 4; i++) {
		int *hit = bsearch(&keys[i], v, n, sizeof *v, asc);
		if (hit != NULL)
			printf("%d found at index %td\n", keys[i], hit - v);
		else
			printf("%d not found\n", keys[i]);
	}
	free(v);

	struct person people[] = {
		{"dana", 31}, {"ari", 25}, {"cleo", 31}, {"bo", 19}, {"eve", 25},
	};
	size_t np = sizeof people / sizeof people[0];
	qsort(people, np, sizeof people[0], by_age_then_name);
	for (size_t i = 0; i < np; i++)
		printf("%s (%d)%s", people[i].name, people[i].age, i + 1 < np ? ", " : "\n");
	struct person probe = {"eve", 25};
	struct person *found = bsearch(&probe, people, np, sizeof people[0], by_age_then_name);
	printf("eve is at position %td\n", found != NULL ? found - people : -1);

	const char *words[] = {"pear", "apple", "fig", "banana", "cherry", "date"};
	size_t nw = sizeof words / sizeof words[0];
	qsort(words, nw, sizeof words[0], cmp_str);
	for (size_t i = 0; i < nw; i++)
		printf("%s%s", words[i], i + 1 < nw ? " < " : "\n");
	const char *want = "fig", *missing = "grape";
	const char **w1 = bsearch(&want, words, nw, sizeof words[0], cmp_str);
	const char **w2 = bsearch(&missing, words, nw, sizeof words[0], cmp_str);
	printf("fig: %s, grape: %s\n", w1 ? *w1 : "-", w2 ? *w2 : "-");
	return 0;
}
