/* A longjmp out of a deep recursion skips frames that kept their
 * pointers' metas on the thread's side stack: the function calling setjmp
 * puts the side stack's top back, so its caller, whose own metas are
 * reached from that top, still finds them and checks its accesses against
 * its own blocks. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jmp_buf out;

static int dive(char *buf, int *seen, int depth, int jump)
{
	char *at = buf + depth % 8;
	seen[depth % 4] += *at;
	if (depth == 1000) {
		if (jump)
			longjmp(out, 1);
		return 0;
	}
	return dive(buf, seen, depth + 1, jump) + *at;
}

static int guarded(char *buf, int *seen, int jump)
{
	if (setjmp(out))
		return 1;
	return dive(buf, seen, 0, jump);
}

static int sum(const char *s, const int *seen)
{
	int n = 0;
	for (int i = 0; i < 4; i++)
		n += seen[i];
	return n + (int)strlen(s);
}

int main(void)
{
	char *buf = malloc(16);
	int *seen = calloc(4, sizeof *seen);
	char *name = malloc(8);
	strcpy(buf, "abcdefgh");
	strcpy(name, "side");
	int jumped = guarded(buf, seen, 1);
	/* the locals of main live across the calls above */
	name[3] = 'E';
	buf[15] = 0;
	seen[3]++;
	printf("%d %s %d\n", jumped, name, sum(name, seen));
	free(name);
	free(seen);
	free(buf);
	return 0;
}
