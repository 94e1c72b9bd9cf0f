/* A ring buffer of recent values: amend_last() corrects the most recent
 * entry with slots[head - 1], forgetting to wrap when head is 0, so it writes
 * just before the slots block. */
#include <stdio.h>
#include <stdlib.h>

struct ring {
	int *slots;
	int size;
	int head; /* next slot to write */
};

static void push(struct ring *r, int v)
{
	r->slots[r->head] = v;
	r->head = (r->head + 1) % r->size;
}

static void amend_last(struct ring *r, int v)
{
	r->slots[r->head - 1] = v; // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	struct ring r = {malloc(4 * sizeof(int)), 4, 0};
	if (r.slots == NULL)
		return 1;
	for (int i = 1; i <= 3; i++)
		push(&r, i * 10);
	amend_last(&r, 31); /* fine: head is 3 */
	push(&r, 40);       /* head wraps to 0 */
	printf("head after 4 pushes: %d\n", r.head);
	amend_last(&r, 41);
	for (int i = 0; i < r.size; i++)
		printf("slot %d: %d\n", i, r.slots[i]);
	free(r.slots);
	return 0;
}
