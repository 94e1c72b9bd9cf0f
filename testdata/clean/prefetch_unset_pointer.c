/* Prefetching through pointers never set (gcc's torture test
 * builtin-prefetch-2): a prefetch never faults and decides nothing, so
 * with full checking its address is not a use of an undefined value. */
#include <stdio.h>

struct node {
	struct node *next;
	int d[4];
};

static int walk(struct node *n)
{
	int sum = 0;
	for (; n; n = n->next) {
		__builtin_prefetch(n->next, 0, 1);
		sum += n->d[0];
	}
	return sum;
}

int main(void)
{
	struct node t;
	struct node *pt;
	char *s;
	__builtin_prefetch(t.next, 0, 0);
	__builtin_prefetch(t.next->d, 1, 3);
	__builtin_prefetch(pt);
	__builtin_prefetch(s + 4, 0, 0);
	struct node b = {0, {2}}, a = {&b, {1}};
	printf("%d\n", walk(&a));
	return 0;
}
