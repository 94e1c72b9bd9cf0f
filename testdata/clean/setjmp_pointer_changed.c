/* memlens:cflags -O2
 * A pointer local changed between setjmp and the longjmp back keeps its
 * new value (it is volatile, as C11 7.13.2.1 asks), and so must memlens's
 * words about it: after the jump it points into the larger block, where an
 * index beyond the first block is in bounds. Parameters and words written
 * only ahead of the setjmp need no volatile. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jmp_buf env;

static void __attribute__((noinline)) fail(int code)
{
	longjmp(env, code);
}

static int __attribute__((noinline)) grow(const char *text, size_t small, size_t large)
{
	char *volatile buf = malloc(small);
	char *volatile first = buf;
	if (setjmp(env) == 0) {
		buf = malloc(large);
		fail(1);
	}
	memcpy(buf, text, strlen(text) + 1);
	buf[large - 1] = '\0';
	int n = (int)strlen(buf);
	printf("%s %d\n", buf, n);
	free(buf);
	free(first);
	return n;
}

int main(void)
{
	int total = grow("longer than the first block", 4, 64);
	total += grow("and again", 2, 32);
	printf("total %d\n", total);
	return 0;
}
