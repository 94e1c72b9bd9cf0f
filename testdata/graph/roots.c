/* Where structures hang from: a global list head, a static table's
 * member, a global array's elements and locals, each a root of the graph. */
#include <stdio.h>
#include <stdlib.h>

struct node {
	int key;
	struct node *next;
};

struct table {
	struct node *first;
};

struct node *head;
static struct table tbl;
struct node *slots[2];

static struct node *make(int key)
{
	struct node *n = malloc(sizeof *n);
	n->key = key;
	n->next = NULL;
	return n;
}

int main(void)
{
	for (int i = 0; i < 3; i++) {
		struct node *n = make(i);
		n->next = head;
		head = n;
	}
	tbl.first = make(10);
	slots[1] = make(20);
	struct node *last = head->next->next;
	int sum = last->key + tbl.first->key + slots[1]->key;
	printf("sum %d\n", sum);
	while (head) {
		struct node *next = head->next;
		free(head);
		head = next;
	}
	free(tbl.first);
	tbl.first = NULL;
	free(slots[1]);
	return 0;
}
