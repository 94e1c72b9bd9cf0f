/* Pointer locals assigned and initialised with values computed by calls,
 * read back in the same expression (a condition, a chained assignment,
 * the right side reading the variable itself, a for's declaration):
 * unoptimised, memlens stores the value into the variable before setting
 * its meta and provenance, instead of holding it in a register variable
 * (const and volatile ones keep it). Pointers stored into memory (an
 * array's element, through a pointer to a pointer): unoptimised, the
 * slot's address is a word of the side frame. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
	struct node *next;
	int value;
};

static struct node *push(struct node *head, int value)
{
	struct node *n = malloc(sizeof *n);
	if (n == NULL)
		exit(1);
	n->next = head;
	n->value = value;
	return n;
}

static char *after(char *s, int c) { return strchr(s, c); }

int main(void)
{
	struct node *head = NULL, *tail;
	char text[] = "one,two,three";
	char *word = text, *mark;
	int i, count = 0;

	for (i = 0; i < 5; i++)
		head = push(head, i * i);
	tail = head;
	while ((tail = tail->next) != NULL && tail->value > 1)
		count++;
	printf("%d %d\n", count, tail != NULL ? tail->value : -1);

	while ((mark = after(word, ',')) != NULL) {
		*mark = '\0';
		printf("[%s]", word);
		word = mark + 1;
	}
	printf("[%s]\n", word);

	{
		char *first = after(text + 8, 'e'), *second = first;
		char *third = second = after(first + 1, 'e');
		printf("%ld %ld %d\n", (long)(first - text), (long)(third - text), second == third);
		char *const fixed = after(text + 4, 'w');
		char *volatile shared = after(fixed, 'o');
		printf("%c%c", *fixed, *shared);
		printf(" %d\n", (shared = after(text, 'n')) == text + 1);
	}

	{
		char *slots[3], *volatile shared_slot;
		struct node **link = &head->next, *gone = *link;
		for (i = 0; i < 3; i++)
			slots[i] = after(text + 4 * i, i == 2 ? 'h' : 'o');
		shared_slot = slots[1];
		*link = (*link)->next;
		free(gone);
		printf("%ld %ld %ld %c %d\n", (long)(slots[0] - text), (long)(slots[1] - text),
		       (long)(slots[2] - text), *shared_slot, head->next->value);
	}

	for (struct node *n = push(NULL, 42); n != NULL; n = n->next) {
		printf("%d\n", n->value);
		free(n);
		break;
	}

	while (head != NULL) {
		struct node *next = head->next;
		free(head);
		head = next;
	}
	return 0;
}
