/* Bit-fields copied while still unset (a record's fields moved into
 * another before anyone reads them): a copy decides nothing, so no
 * report, as with any other scalar; the fields set are printed. */
#include <stdio.h>
#include <stdlib.h>

struct packet {
	unsigned kind : 4;
	unsigned spare : 4;
	unsigned prio : 8;
	int len;
};

struct summary {
	unsigned prio;
	unsigned spare;
	int len;
};

int main(int argc, char **argv)
{
	(void)argv;
	struct packet *p = malloc(sizeof *p);
	if (p == NULL)
		return 1;
	p->kind = 3;
	p->len = argc * 10;
	struct summary *s = malloc(sizeof *s);
	if (s == NULL)
		return 1;
	s->prio = p->prio;   /* unset: copied, not used */
	s->spare = p->spare; /* shares kind's byte */
	s->len = p->len;
	unsigned prio = p->prio;
	struct packet q;
	q.len = s->len;
	q.kind = p->kind + 1;
	printf("%u %d %d\n", q.kind, q.len, (int)sizeof prio);
	free(s);
	free(p);
	return 0;
}
