/* A value passed to a printf-style function of libc is used only if the
 * format converts it, as Valgrind has it: libjpeg-turbo's format_message
 * passes all eight parameters of an error to snprintf with a message made
 * at run time, whatever few it sets and prints; a literal format may leave
 * arguments unconverted too, and * widths and %m count as gcc's do. */
#include <stdio.h>
#include <string.h>

struct error {
	int code;
	int parm[8];
};

static const char *const messages[] = {"no error", "bad value %d", "between %d and %d", "%*d wide"};

static void __attribute__((noinline)) format_message(const struct error *e, char *buf)
{
	const char *text = messages[e->code];
	snprintf(buf, 80, text, e->parm[0], e->parm[1], e->parm[2], e->parm[3], e->parm[4], e->parm[5], e->parm[6],
	         e->parm[7]);
}

int main(int argc, char **argv)
{
	(void)argv;
	char buf[80];
	for (int code = 0; code < 4; code++) {
		struct error e;
		e.code = code;
		e.parm[0] = 4 + argc;
		e.parm[1] = 7;
		format_message(&e, buf);
		puts(buf);
	}
	int unset;
	if (argc > 10)
		unset = 1;
	printf("%d%%\n", argc, unset);
	printf("%s %m\n", "errno", unset);
	return 0;
}
