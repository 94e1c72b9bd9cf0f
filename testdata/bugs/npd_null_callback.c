/* Commands are dispatched through a table of handlers; one entry was
 * never filled in, and calling it jumps to address 0. */
#include <stdio.h>
#include <string.h>

typedef int (*handler)(const char *arg);

static int do_echo(const char *arg)
{
	return printf("%s\n", arg);
}

static int do_count(const char *arg)
{
	return printf("%zu\n", strlen(arg));
}

static const struct {
	const char *name;
	handler fn;
} commands[] = {
	{"echo", do_echo},
	{"count", do_count},
	{"upper", NULL}, /* not written yet */
};

static int run(const char *name, const char *arg)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(commands[i].name, name) == 0)
			return commands[i].fn(arg); // want NULL-POINTER-DEREF
	return -1;
}

int main(void)
{
	run("echo", "hello");
	run("count", "hello");
	run("upper", "hello");
	return 0;
}
