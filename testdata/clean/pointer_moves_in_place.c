/* Pointers in memory moved in place, as parsers move their cursors: through
 * a pointer to the cursor (*pp += n, (*pp)++), in a struct's members, by
 * amounts of every sign and type (negative, unsigned, sizeof, a local), each
 * expression's value used: prefix and compound moves give the new value,
 * postfix ones the old. Unoptimised, each such move is one call
 * (__ml_move_at) instead of variables for the slot and the values. */
#include <stdio.h>
#include <stdlib.h>

struct cursor {
	const char *at;
	int *slot;
	long step;
};

static const char *skip(const char **pp, int n)
{
	*pp += n;
	(*pp)++;
	++*pp;
	*pp -= 2;
	(*pp)--;
	return *pp;
}

int main(void)
{
	static const char text[] = "the quick brown fox";
	int *ints = calloc(8, sizeof(int));
	if (ints == NULL)
		return 1;
	struct cursor c = { text, ints, 3 }, *cp = &c;
	const char *a = (cp->at)++;
	const char *b = ++(cp->at);
	int *d = (cp->slot)++;
	int *e = --(cp->slot);
	cp->slot += cp->step;
	int *f = (cp->slot -= 1);
	unsigned back = 2;
	cp->slot -= back;
	cp->slot += sizeof(short);
	const char *g = skip(&cp->at, 5);
	*cp->slot = 7;
	printf("%td %td %td %td %td %td %td %c\n", a - text, b - text, d - ints, e - ints, f - ints,
	       cp->slot - ints, g - text, *cp->at);
	printf("%d %d\n", ints[2], ints[0]);
	free(ints);
	return 0;
}
