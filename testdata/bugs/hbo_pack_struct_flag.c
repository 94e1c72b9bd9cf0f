/* memlens:cflags -fpack-struct
 *
 * Under -fpack-struct a struct of a char and a long takes 9 bytes, not
 * 16: an array of three on the heap is 27 bytes, whose members are all
 * in bounds, and the loop's last store lands past it. (The front end must
 * lay the struct out as gcc does, and the runtime's own structs in the
 * unit keep their layout.) */
#include <stdio.h>
#include <stdlib.h>

struct rec {
	char tag;
	long v;
};

int main(int argc, char **argv)
{
	(void)argv;
	int n = 3 + argc;
	struct rec *r = malloc(27);
	if (r == NULL)
		return 1;
	for (int i = 0; i < 3; i++)
		r[i].tag = 'r';
	for (int i = 0; i < n; i++)
		r[i].v = i; // want HEAP-BUFFER-OVERFLOW
	printf("%zu %ld\n", sizeof *r, r[1].v);
	free(r);
	return 0;
}
