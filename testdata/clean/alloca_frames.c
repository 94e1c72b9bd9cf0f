/* alloca blocks used as C allows: past the block that called alloca
 * (until the function returns), many in a loop, through recursion, and
 * in a function left by longjmp. */
#include <alloca.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

static jmp_buf out;

static int depth_sum(int n)
{
	int *here = alloca(sizeof(int) * (size_t)(n + 1));
	for (int i = 0; i <= n; i++)
		here[i] = i;
	int s = n > 0 ? depth_sum(n - 1) : 0;
	for (int i = 0; i <= n; i++)
		s += here[i];
	return s;
}

static void bail(int n)
{
	char *tmp = alloca((size_t)n);
	memset(tmp, 'z', (size_t)n);
	if (tmp[n - 1] == 'z')
		longjmp(out, n);
}

int main(void)
{
	char *parts[8];
	for (int i = 0; i < 8; i++) {
		parts[i] = alloca(8);
		snprintf(parts[i], 8, "p%d", i);
	}
	{
		char *later = alloca(32);
		strcpy(later, "outlives its block");
		parts[0] = later;
	}
	printf("%s %s %s\n", parts[0], parts[3], parts[7]);
	printf("%d\n", depth_sum(50));
	int got = setjmp(out);
	if (got == 0)
		bail(40);
	char *after = alloca(64);
	snprintf(after, 64, "back from bail with %d", got);
	puts(after);
	return 0;
}
