/* A loop's body may be entered by a jump from outside the loop (a goto to
 * a label in it, or a case label of a switch around it: Duff's device),
 * passing the checks made before the loop: what they proved does not hold
 * at the loop's head, reached from there by the back edge, nor after the
 * loop. Here the accesses before the loops are never run; the ones in the
 * loops and after them read past the end of a block allocated too short. */
#include <stdio.h>
#include <stdlib.h>

struct pair {
	long a;
	long b; /* not allocated below */
};

static long by_goto(const struct pair *p, const struct pair *q, int enter)
{
	long s = 0;
	if (enter)
		goto in;
	s += p->b;
	while (s < 40) {
		s += p->b; // want HEAP-BUFFER-OVERFLOW
	in:
		s += q->a + 10;
	}
	return s;
}

static long after_goto(const struct pair *p, int enter, int n)
{
	long s = 0;
	if (enter)
		goto in;
	s += p->b;
	while (n-- > 0) {
	in:
		s++;
	}
	return s + p->b; // want HEAP-BUFFER-OVERFLOW
}

static long by_case(const struct pair *p, int start)
{
	long s = 0;
	switch (start) {
	case 0:
		s += p->b;
		while (s < 40) {
			s += p->b; // want HEAP-BUFFER-OVERFLOW
		case 1:
			s += 10;
		}
	}
	return s;
}

int main(void)
{
	struct pair *p = malloc(sizeof(long)), *q = malloc(sizeof *q);
	p->a = 0;
	q->a = 1;
	q->b = 2;
	long s = by_goto(p, q, 1) + after_goto(p, 1, 2) + by_case(p, 1);
	printf("%s\n", s != 0 ? "done" : "none");
	free(p);
	free(q);
	return 0;
}
