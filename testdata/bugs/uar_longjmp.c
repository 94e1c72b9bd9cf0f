/* An error handler longjmps out of a parser that published a pointer to
 * its local state; the recovery code reads through that pointer. */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf on_error;
static int *last_state;

static void parse(const char *s)
{
	int state[4] = {0, 0, 0, 0};
	last_state = state;
	for (; *s; s++) {
		if (*s == '!')
			longjmp(on_error, 1);
		state[*s % 4]++;
	}
}

int main(void)
{
	if (setjmp(on_error) == 0) {
		parse("abc!def");
		printf("parsed\n");
	} else {
		printf("error, state %d\n", last_state[1]); // want USE-AFTER-RETURN
	}
	return 0;
}
