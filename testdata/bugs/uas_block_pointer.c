/* A pointer to a variable of an inner block is kept and written after the
 * block has ended. */
#include <stdio.h>

int main(int argc, char **argv)
{
	int *p;
	{
		int total = argc * 10;
		p = &total;
		printf("%d\n", *p);
	}
	*p += 1; // want USE-AFTER-SCOPE
	printf("%s\n", argv[0] ? "ok" : "");
	return 0;
}
