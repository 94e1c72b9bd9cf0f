/* Static assertions where C11 allows a declaration: a for loop's first
 * clause (which the front end did not parse), a struct's members. */
#include <stdio.h>

struct pair {
	int a;
	_Static_assert(sizeof(int) == 4, "int is 32 bits");
	int b;
};

int main(void)
{
	int sum = 0;
	for (_Static_assert(sizeof(struct pair) == 8, "no padding"); sum < 10;)
		sum += 3;
	for (_Static_assert(1, "again"); sum < 20;)
		sum += 4;
	int r = sum * 2;
	struct pair p = {r, sum};
	printf("%d %d\n", p.a, p.b);
	return 0;
}
