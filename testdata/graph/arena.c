/* An arena allocator of the program's own: items are carved out of one
 * malloc'd block and linked into a list, one is unlinked, then the whole
 * arena is freed at once. memlens graph shows each item as a node of its
 * own (split where a pointer to it is stored), without knowing the
 * allocator. */
#include <stdio.h>
#include <stdlib.h>

struct item {
	long weight;
	struct item *next;
};

struct arena {
	char *base;
	size_t used, size;
};

static void *arena_alloc(struct arena *a, size_t n)
{
	n = (n + 15) & ~(size_t)15;
	if (a->used + n > a->size)
		return NULL;
	void *p = a->base + a->used;
	a->used += n;
	return p;
}

int main(void)
{
	struct arena a = {malloc(1024), 0, 1024};
	struct item *head = NULL, **tail = &head;
	for (long w = 1; w <= 5; w++) {
		struct item *it = arena_alloc(&a, sizeof *it);
		it->weight = w;
		it->next = NULL;
		*tail = it;
		tail = &it->next;
	}
	head->next = head->next->next; /* drop the second item */
	long sum = 0;
	for (struct item *it = head; it; it = it->next)
		sum += it->weight;
	printf("sum %ld\n", sum);
	free(a.base);
	return 0;
}
