/* A singly linked list: push, append, reverse, remove_if, insertion sort,
 * traversal with do/while and comma expressions; everything freed. */
#include <stdio.h>
#include <stdlib.h>

struct node {
	int value;
	struct node *next;
};

static struct node *node_new(int value, struct node *next)
{
	struct node *n = malloc(sizeof *n);
	if (n == NULL) {
		perror("malloc");
		exit(1);
	}
	n->value = value;
	n->next = next;
	return n;
}

static void push(struct node **head, int v)
{
	*head = node_new(v, *head);
}

static void append(struct node **head, int v)
{
	struct node **pp = head;
	while (*pp != NULL)
		pp = &(*pp)->next;
	*pp = node_new(v, NULL);
}

static struct node *reverse(struct node *head)
{
	struct node *prev = NULL, *next;
	for (struct node *n = head; n != NULL; prev = n, n = next) {
		next = n->next;
		n->next = prev;
	}
	return prev;
}

static int remove_if(struct node **head, int (*pred)(int))
{
	int removed = 0;
	struct node **pp = head;
	while (*pp != NULL) {
		if (pred((*pp)->value)) {
			struct node *dead = *pp;
			*pp = dead->next;
			free(dead);
			removed++;
		} else {
			pp = &(*pp)->next;
		}
	}
	return removed;
}

static struct node *insertion_sort(struct node *head)
{
	struct node *sorted = NULL;
	while (head != NULL) {
		struct node *n = head;
		head = head->next;
		struct node **pp = &sorted;
		while (*pp != NULL && (*pp)->value < n->value)
			pp = &(*pp)->next;
		n->next = *pp;
		*pp = n;
	}
	return sorted;
}

static void print(const char *label, const struct node *head)
{
	printf("%-9s", label);
	if (head == NULL) {
		printf(" (empty)\n");
		return;
	}
	const struct node *n = head;
	do {
		printf(" %d", n->value);
		n = n->next;
	} while (n != NULL);
	printf("\n");
}

static int is_odd(int v) { return v % 2 != 0; }

static void destroy(struct node *head)
{
	while (head != NULL) {
		struct node *next = head->next;
		free(head);
		head = next;
	}
}

int main(void)
{
	struct node *list = NULL;
	print("empty", list);
	for (int i = 0; i < 5; i++)
		push(&list, i * 7 % 10);
	for (int i, j = (i = 3, 10); i > 0; i--, j += 5)
		append(&list, j);
	print("built", list);
	list = reverse(list);
	print("reversed", list);
	list = insertion_sort(list);
	print("sorted", list);
	printf("removed %d odd values\n", remove_if(&list, is_odd));
	print("even", list);
	long sum = 0;
	int count = 0;
	for (const struct node *n = list; n; n = n->next)
		sum += n->value, count++;
	printf("%d values, sum %ld\n", count, sum);
	destroy(list);
	return 0;
}
