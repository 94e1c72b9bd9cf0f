/* Bit-fields read before any store reached their bytes: a heap struct
 * whose other members alone were set, and a local whose first byte's
 * field was set but not the field in the next byte. (Bits of a byte
 * another field's store wrote are taken as defined: a bit per byte.) */
#include <stdio.h>
#include <stdlib.h>

struct flags {
	unsigned mode : 3;
	unsigned seen : 5;
	unsigned level : 8;
	int count;
};

int main(int argc, char **argv)
{
	(void)argv;
	struct flags *f = malloc(sizeof *f); // want full:origin:UNINITIALIZED-READ
	if (f == NULL)
		return 1;
	f->count = argc;
	if (f->seen) // want full:UNINITIALIZED-READ
		puts("seen");
	struct flags g;
	g.mode = 1;
	g.count = 2;
	if (g.level > 2) // want full:UNINITIALIZED-READ
		puts("level");
	printf("%d %d\n", g.mode, f->count + g.count);
	free(f);
	return 0;
}
