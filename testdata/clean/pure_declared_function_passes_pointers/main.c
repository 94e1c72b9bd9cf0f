/* A function declared pure (xz's lzma_memlimit_get) is called just before
 * another call that passes the same pointer: natively gcc need not store
 * anything again between the two, as a pure call writes no memory, but the
 * instrumented pure function passes another pointer on to a call of its
 * own. Also a pure function returning a pointer, dereferenced. */
#include <stdio.h>
#include <stdlib.h>
#include "stream.h"

static int get_state(const int *p)
{
	return *p;
}

int main(void)
{
	struct stream s = {get_state, malloc(2 * sizeof(int)), 10};
	if (s.cell == NULL)
		return 1;
	s.cell[0] = 3;
	s.cell[1] = 4;
	int a = stream_limit(&s);
	int b = stream_set(&s, 20);
	printf("%d %d %d %d\n", a, b, stream_limit(&s), stream_cell(&s)[1]);
	free(s.cell);
	return 0;
}
