/* A holder struct keeps a pointer to a node that was local to an inner
 * block; a later read goes through the holder's field. */
#include <stdio.h>

struct node {
	int value;
	struct node *next;
};

struct holder {
	struct node *head;
	int count;
};

int main(void)
{
	struct holder h = {NULL, 0};
	for (int i = 1; i <= 2; i++) {
		struct node n = {i * 100, h.head};
		h.head = &n;
		h.count++;
	}
	printf("%d %d\n", h.count, h.head->value); // want USE-AFTER-SCOPE
	return 0;
}
