/* Global and static objects used through pointers in every legal way:
 * pointers stored in global tables by static initializers, one-past-the-end
 * pointers, walking a global array of structs, pointers to members, copies
 * with memcpy and strcpy that fit, and globals of every storage class. */
#include <stdio.h>
#include <string.h>

struct point {
	int x, y;
};

struct point path[5] = {{0, 0}, {1, 2}, {2, 4}, {3, 6}, {4, 8}};
static int weights[] = {3, 1, 4, 1, 5, 9};
const char *const names[] = {"alpha", "beta", "gamma"};
static int *const tables[] = {weights, &weights[2]};
char scratch[32];
extern int shared_counter;
int shared_counter = 7;

static int total(const int *begin, const int *end)
{
	int s = 0;
	while (begin < end)
		s += *begin++;
	return s;
}

int main(void)
{
	int sum = total(weights, weights + sizeof weights / sizeof weights[0]);
	for (const struct point *p = path; p != path + 5; p++)
		sum += p->x * p->y;
	int *py = &path[4].y;
	sum += *py;
	sum += tables[1][3] + tables[0][0];
	strcpy(scratch, names[2]);
	memcpy(scratch + 5, "-ray", 5);
	int *c = &shared_counter;
	(*c)++;
	printf("%d %s %d %zu\n", sum, scratch, shared_counter, strlen(names[0]));
	return 0;
}
