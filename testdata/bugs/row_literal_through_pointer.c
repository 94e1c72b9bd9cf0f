/* A message is "capitalised" in place, but it points at a string literal:
 * the write lands in read-only memory (natively: SIGSEGV, somewhere far
 * from where the pointer was set). */
#include <stdio.h>

static const char *pick(int n)
{
	return n > 1 ? "many items" : "one item";
}

int main(int argc, char **argv)
{
	(void)argv;
	char *msg = (char *)pick(argc + 1);
	msg[0] = 'M'; // want READ-ONLY-WRITE
	puts(msg);
	return 0;
}
