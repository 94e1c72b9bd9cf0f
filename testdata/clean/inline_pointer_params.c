/* Static inline functions taking several pointers (Lua's precallC),
 * called with pointers of every origin — heap, stack, global, a pointer
 * read from memory — nested in each other's arguments and calling each
 * other: unoptimised, gcc inlines none of them, and their pointers'
 * extra words travel through the thread's words as other functions'
 * do, each set just before its call (a nested call must not take the
 * outer one's). Nothing to report, at -O0 and -O2. */
#include <stdio.h>
#include <stdlib.h>

struct node {
	struct node *next;
	int vals[4];
};

static int table[8] = {1, 2, 3, 4, 5, 6, 7, 8};

static inline int *pick(int *a, int *b, int i)
{
	return i & 1 ? a + i % 4 : b + i % 4;
}

static inline int sum3(const int *a, const int *b, const int *c, int i)
{
	return a[i] + b[i] + c[i];
}

static inline int walk(struct node *n, int *acc, int depth)
{
	if (n == NULL || depth == 0)
		return *acc;
	*acc += sum3(n->vals, table, *pick(n->vals, table, depth) > 4 ? table + 4 : n->vals, depth % 4);
	return walk(n->next, acc, depth - 1);
}

int main(void)
{
	int local[4] = {10, 20, 30, 40};
	struct node *head = NULL;
	for (int i = 0; i < 5; i++) {
		struct node *n = malloc(sizeof *n);
		if (n == NULL)
			return 1;
		for (int k = 0; k < 4; k++)
			n->vals[k] = i * 4 + k;
		n->next = head;
		head = n;
	}
	int acc = 0;
	int total = walk(head, &acc, 5);
	total += sum3(local, pick(local, table, 3), head->vals, 0);
	total += *pick(pick(local, table, 2), pick(table, local, 1), 5);
	printf("%d %d\n", total, acc);
	while (head != NULL) {
		struct node *next = head->next;
		free(head);
		head = next;
	}
	return 0;
}
