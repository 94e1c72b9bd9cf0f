/* The names blocks have during their lives (TestLossNames). */
#include <stdlib.h>
#include <string.h>

struct node { struct node *next; char *name; };

static struct node *make(const char *s)
{
	struct node *n = malloc(sizeof *n);
	n->name = strdup(s);
	n->next = NULL;
	return n;
}

static void push(struct node **head, struct node *item)
{
	item->next = *head;
	*head = item;
}

static int count(struct node *list)
{
	int c = 0;
	for (struct node *it = list; it; it = it->next)
		c++;
	return c;
}

static int scratch(const char *s)
{
	char *buf = strdup(s);
	return (int)strlen(buf);
}

static int pair(void)
{
	char *a = malloc(4);
	char *b = a;
	return b != NULL;
}

int main(void)
{
	struct node *list = NULL;
	push(&list, make("a"));
	push(&list, make("b"));
	int n = count(list) + scratch("xyz") + pair();
	list = NULL;
	return n == 6 ? 0 : 1;
}
