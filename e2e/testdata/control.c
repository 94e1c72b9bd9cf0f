/* Two bugs, for the detector switches and memlens gdb (control_test.go):
 * a read of a freed block, then a double free. */
#include <stdio.h>
#include <stdlib.h>

static int peek(const int *p)
{
	return p[1];
}

int main(void)
{
	int *v = malloc(4 * sizeof *v);
	for (int i = 0; i < 4; i++)
		v[i] = i * 10;
	free(v);
	int got = peek(v);
	printf("read %d\n", got >= 0);
	free(v);
	puts("done");
	return 0;
}
