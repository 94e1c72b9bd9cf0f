/* A struct local whose address initializes a pointer local that is only
 * dereferenced (Lua's setobj: TValue *io1 = &temp) is lent, registered
 * keeping every register: a read one element past it through that
 * pointer is still reported. */
#include <stdio.h>

struct value {
	long n;
	int tag;
};

static long after(int i)
{
	struct value v = {i, 1};
	struct value *p = &v;
	return p[i].tag; // want STACK-BUFFER-OVERFLOW
}

int main(int argc, char **argv)
{
	volatile long sink;
	(void)argv;
	sink = after(argc);
	(void)sink;
	puts("done");
	return 0;
}
