#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#define GET(p) (*(p)++)
struct node { int v; struct node *next; unsigned flag:3; char name[8]; };
static int sum(const char *fmt, ...) {
	va_list ap; int s = 0;
	va_start(ap, fmt);
	for (const char *f = fmt; *f; f++) s += va_arg(ap, int);
	va_end(ap);
	return s;
}
struct node *push(struct node *head, int v) {
	struct node *n = malloc(sizeof *n);
	if (!n) return NULL;
	n->v = v; n->next = head; n->flag = v & 7;
	strcpy(n->name, "x");
	return n;
}
int main(int argc, char **argv) {
	struct node *h = 0;
	for (int i = 0; i < 5; i++) h = push(h, i);
	int arr[3] = {1,2,3}; int *q = arr;
	int x = GET(q);
	int t = 0;
	for (struct node *p = h; p; p = p->next) t += p->v + p->flag;
	char *s = argc > 5 ? argv[1] : "abc";
	printf("%d %d %zu %d\n", t, x, strlen(s), sum("ab", 1, 2));
	while (h) { struct node *n = h->next; free(h); h = n; }
	return 0;
}
