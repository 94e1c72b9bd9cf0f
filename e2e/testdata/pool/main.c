#include <stdio.h>
#include <stdlib.h>
#include "pool.h"

int main(int argc, char **argv)
{
	char *p = pool_get(), *q = pool_get();
	p[0] = 'a', q[0] = 'b';
	pool_put(p); /* the chunk's first block back: the head points at its start */
	p = pool_get();
	pool_put(q); /* now only at its second block */
	for (int i = 0; i < 16; i++)
		names[7][i] = (char)('a' + i);
	char buf[32];
	name_copy(7, buf, argc > 1 ? strtoul(argv[1], 0, 10) : 16);
	printf("%c %.4s\n", p[0], buf);
	return 0;
}
