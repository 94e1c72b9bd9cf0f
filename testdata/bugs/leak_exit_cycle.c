// memlens:options leak_check=exit
/* A ring of nodes is built and its only handle dropped: reference counts
 * never reach zero, but nothing outside the ring points in. The first node
 * leads the lost clique, the others are lost through it. */
#include <stdio.h>
#include <stdlib.h>

struct node {
	struct node *next;
	int v;
};

static struct node *ring(int n)
{
	struct node *head = malloc(sizeof *head); // want MEMORY-LEAK
	head->v = 0;
	struct node *tail = head;
	for (int i = 1; i < n; i++) {
		struct node *x = malloc(sizeof *x); // want MEMORY-LEAK
		x->v = i;
		tail->next = x;
		tail = x;
	}
	tail->next = head;
	return head;
}

static int sum(struct node *r)
{
	int s = 0;
	struct node *p = r;
	do {
		s += p->v;
		p = p->next;
	} while (p != r);
	return s;
}

int main(void)
{
	printf("%d\n", sum(ring(5)));
	return 0;
}
