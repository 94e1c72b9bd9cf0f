/* A value never set that a printf-style format converts is used: with a
 * format made at run time (the runtime walks it), and with a literal one,
 * where a * width converts an argument too. */
#include <stdio.h>

static const char *const messages[] = {"%d", "%d and %d"};

static void __attribute__((noinline)) report(int which, const int *parm)
{
	char buf[40];
	snprintf(buf, sizeof buf, messages[which], parm[0], parm[1], parm[2]); // want UNINITIALIZED-READ
	puts(buf);
}

int main(int argc, char **argv)
{
	(void)argv;
	int parm[3];
	parm[0] = argc;
	report(0, parm);
	report(1, parm);
	int width;
	if (argc > 10)
		width = 4;
	printf("[%*d]\n", width, argc); // want UNINITIALIZED-READ
	return 0;
}
