/* Machine states whose pointer members are sealed (internal/instrument
 * sealed.go): every store to them is a member store of this unit. Their
 * memory is reused: a state freed with its pointers set, then a calloc'd
 * one in its place whose members hold NULL under the earlier life's
 * shadow words; a NULL the sealed load takes must not keep the dead
 * block's meta (free of it is no double free), and a pointer set again
 * must be usable. */
#include <stdio.h>
#include <stdlib.h>

struct state {
	long *stack, *sp;
	char *name;
	struct state *next;
};

__attribute__((noinline)) static long run(struct state *s, long n)
{
	long i, sum = 0;
	for (i = 0; i < n; i++)
		*s->sp++ = i * 3;
	while (s->sp != s->stack)
		sum += *--s->sp;
	return sum;
}

__attribute__((noinline)) static void drop(struct state *s)
{
	free(s->stack);
	free(s->name);
	free(s);
}

int main(void)
{
	long total = 0;
	int round;
	for (round = 0; round < 6; round++) {
		struct state *s = round % 2 ? calloc(1, sizeof *s) : malloc(sizeof *s);
		if (s == NULL)
			return 1;
		if (round % 2 == 0) {
			s->stack = malloc(32 * sizeof *s->stack);
			s->name = malloc(8);
			s->next = NULL;
			if (s->stack == NULL || s->name == NULL)
				return 1;
			s->sp = s->stack;
			s->name[0] = 'a' + round;
			s->name[1] = 0;
			total += run(s, 10 + round);
		} else if (s->stack == NULL && s->sp == NULL && s->name == NULL && s->next == NULL) {
			total += round;
		}
		printf("round %d: %ld %s\n", round, total, s->name ? s->name : "(none)");
		drop(s);
	}
	return 0;
}
