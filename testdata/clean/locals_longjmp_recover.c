/* A longjmp unwinds through frames whose locals are retired, while the
 * locals of the frame that called setjmp stay valid and are used after
 * the jump; the jump target is set again and reused. */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;

static void inner(int *counter, int fail)
{
	int scratch[4] = {1, 2, 3, 4};
	int *s = scratch;
	*counter += s[fail & 3];
	if (fail)
		longjmp(env, fail);
}

int main(void)
{
	int counter = 0;
	int *pc = &counter;
	char note[16] = "start";
	char *pn = note;
	for (int round = 0; round < 3; round++) {
		int got = setjmp(env);
		if (got == 0) {
			inner(pc, round);
		} else {
			pn[0] = (char)('0' + got);
			*pc += 100;
		}
	}
	printf("%d %s\n", counter, note);
	return 0;
}
