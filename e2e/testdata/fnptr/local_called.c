/* A function pointer local set on one path only, called on the other: an
 * uninitialized value decides where the call goes. (gcc -O2 takes the set
 * path for the only one and calls shout; unoptimised it calls garbage.) */
#include <stdio.h>

static void shout(int n) { printf("shout %d\n", n); }

int main(int argc, char **argv)
{
	void (*local)(int);
	(void)argv;
	if (argc > 1)
		local = shout;
	local(2); /* line 14: UNINITIALIZED-READ */
	return 0;
}
