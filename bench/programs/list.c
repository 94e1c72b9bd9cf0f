/* list.c: doubly linked lists with malloc'd nodes.
 * Builds several lists, repeatedly splices random ranges from one list
 * into another, removes and reinserts nodes, traverses both directions,
 * and frees everything; prints a checksum of the traversals.
 * memlens:bench
 */
#include <stdio.h>
#include <stdlib.h>

#define RNG_SEED 0x9E3779B97F4A7C15ULL
#include "rng.h"

struct item {
	struct item *prev;
	struct item *next;
	long value;
	char tag[8];
};

struct list {
	struct item head; /* sentinel: head.next is first, head.prev is last */
	long length;
};

static void list_init(struct list *l)
{
	l->head.next = l->head.prev = &l->head;
	l->length = 0;
}

static void link_after(struct item *pos, struct item *it)
{
	it->prev = pos;
	it->next = pos->next;
	pos->next->prev = it;
	pos->next = it;
}

static void unlink_item(struct item *it)
{
	it->prev->next = it->next;
	it->next->prev = it->prev;
	it->next = it->prev = NULL;
}

static struct item *new_item(long value)
{
	struct item *it = malloc(sizeof *it);
	int i;
	if (!it) {
		perror("malloc");
		exit(1);
	}
	it->value = value;
	for (i = 0; i < 7; i++)
		it->tag[i] = (char)('a' + (value + i) % 26);
	it->tag[7] = '\0';
	it->prev = it->next = NULL;
	return it;
}

/* Walk n steps forward from it, skipping the sentinel. */
static struct item *advance(struct list *l, struct item *it, long n)
{
	while (n-- > 0) {
		it = it->next;
		if (it == &l->head)
			it = it->next;
	}
	return it;
}

/* Move up to count items starting at first (a real item of src) to right
 * after the head of dst (or its tail when at_tail). Returns the item that
 * followed the moved range in src. */
static struct item *splice(struct list *dst, struct list *src, struct item *first, long count,
			   int at_tail)
{
	struct item *last = first, *pos, *after;
	long n = 1;
	while (n < count && last->next != &src->head) {
		last = last->next;
		n++;
	}
	after = last->next;
	first->prev->next = last->next;
	last->next->prev = first->prev;
	src->length -= n;
	pos = at_tail ? dst->head.prev : &dst->head;
	first->prev = pos;
	last->next = pos->next;
	pos->next->prev = last;
	pos->next = first;
	dst->length += n;
	return after;
}

static unsigned long long traverse(const struct list *l, unsigned long long h)
{
	const struct item *it;
	long n = 0;
	for (it = l->head.next; it != &l->head; it = it->next, n++)
		h = (h ^ (unsigned long long)it->value) * 0x100000001B3ULL + (unsigned char)it->tag[n & 7];
	for (it = l->head.prev; it != &l->head; it = it->prev)
		h += (unsigned long long)it->value * 31;
	if (n != l->length) {
		fprintf(stderr, "length mismatch\n");
		exit(2);
	}
	return h;
}

static void list_free(struct list *l)
{
	struct item *it = l->head.next;
	while (it != &l->head) {
		struct item *next = it->next;
		free(it);
		it = next;
	}
	list_init(l);
}

#define NLISTS 4

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 12;
	long per_list = 20000;
	struct list lists[NLISTS];
	struct item *cursor[NLISTS];
	unsigned long long h = 0;
	long r, i, k;

	for (r = 0; r < rounds; r++) {
		for (k = 0; k < NLISTS; k++) {
			list_init(&lists[k]);
			for (i = 0; i < per_list; i++) {
				struct item *it = new_item((long)(xorshift64() % 1000000));
				if (i & 1)
					link_after(lists[k].head.prev, it);
				else
					link_after(&lists[k].head, it);
				lists[k].length++;
			}
		}
		for (k = 0; k < NLISTS; k++)
			cursor[k] = lists[k].head.next;
		for (i = 0; i < 4000; i++) {
			int a = (int)(xorshift64() % NLISTS), b = (int)(xorshift64() % NLISTS);
			long count = 1 + (long)(xorshift64() % 200);
			if (a == b || lists[a].length < 2)
				continue;
			if (cursor[a] == &lists[a].head)
				cursor[a] = lists[a].head.next;
			cursor[a] = advance(&lists[a], cursor[a], (long)(xorshift64() % 64));
			cursor[a] = splice(&lists[b], &lists[a], cursor[a], count, (int)(i & 1));
			if (cursor[a] == &lists[a].head)
				cursor[a] = lists[a].head.next;
		}
		for (i = 0; i < 30000; i++) {
			/* remove an item and reinsert a fresh copy a little further on */
			int a = (int)(xorshift64() % NLISTS);
			struct item *it, *fresh;
			if (lists[a].length < 2)
				continue;
			if (cursor[a] == &lists[a].head)
				cursor[a] = lists[a].head.next;
			it = advance(&lists[a], cursor[a], 1 + (long)(xorshift64() % 32));
			cursor[a] = it->prev == &lists[a].head ? it->next : it->prev;
			if (cursor[a] == &lists[a].head)
				cursor[a] = lists[a].head.next;
			unlink_item(it);
			lists[a].length--;
			fresh = new_item(it->value + 1);
			free(it);
			link_after(advance(&lists[a], cursor[a], (long)(xorshift64() % 8)), fresh);
			lists[a].length++;
		}
		for (k = 0; k < NLISTS; k++) {
			h = traverse(&lists[k], h);
			h ^= (unsigned long long)lists[k].length << 32;
		}
		for (k = 0; k < NLISTS; k++)
			list_free(&lists[k]);
	}
	printf("list: rounds=%ld checksum=%016llx\n", rounds, h);
	return 0;
}
