/* Pointer returns of locals whose steps are pending (a call's result
 * assigned in a loop, through a function pointer too), of parameters, of
 * NULL and of expressions of the program's own text, from functions calling
 * others: unoptimised, memlens evaluates such a return after the exit's
 * calls (the result's handover, the side frame's pop) instead of holding
 * the value across them in a register variable. */
#include <stdio.h>
#include <string.h>

struct node {
	struct node *next;
	char name[8];
};

static char *skip(char *p) { return p + 1; }

static char *walk(char *(*f)(char *), char *p, int n)
{
	char *q = p;
	while (n-- > 0)
		q = (*f)(q);
	return q;
}

static struct node *last(struct node *n)
{
	struct node *at = n;
	while (at->next)
		at = at->next;
	if (strlen(at->name) == 0)
		return NULL;
	return n->next ? at : n;
}

static const char *pick(const char *a, const char *b)
{
	printf("%zu\n", strlen(a));
	return strlen(a) > strlen(b) ? a : b;
}

int main(void)
{
	char text[] = "abcdef";
	struct node c = {NULL, "c"}, b = {&c, "b"}, a = {&b, "a"}, empty = {NULL, ""};
	printf("%s %s %s\n", walk(skip, text, 3), last(&a)->name, last(&empty) ? "?" : "(none)");
	printf("%s\n", pick("long", "longer"));
	return 0;
}
