/* New blocks held only by the value of a call still being evaluated: one
 * argument is ready while the next is computed by a function that runs
 * statements of its own (at the depth the first result's callee ran), a
 * result passed up through several returns, a result in a conditional. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *make(const char *t) { char *s = malloc(strlen(t) + 1); strcpy(s, t); return s; }
static char *make_via(const char *t) { return make(t); }
static char *make_via2(const char *t) { char *s = make_via(t); return s; }

static int busy(int n)
{
	int total = 0;
	for (int i = 0; i < n; i++)
		total += printf("%d ", i);
	puts("");
	return total;
}

static void take_first(char *s, int n) { printf("%s %d\n", s, n); free(s); }
static void take_second(int n, char *s) { printf("%d %s\n", n, s); free(s); }
static void take_both(char *a, char *b) { printf("%s %s\n", a, b); free(a); free(b); }

int main(void)
{
	take_first(make("a"), busy(2));
	take_first(make_via("b"), busy(3));
	take_first(make_via2("c"), busy(1));
	take_second(busy(2), make_via2("d"));
	take_both(make_via("e"), make_via2("f"));
	take_first(busy(1) > 0 ? make_via("g") : make("h"), busy(1));
	return 0;
}
