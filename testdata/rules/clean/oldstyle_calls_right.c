/* memlens:rules oldstyle.rules
 *
 * The calls of rules/bugs/oldstyle_calls made right: the greeting is an
 * argument of a constant format, the banner filled with its own size. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int logged;

static void log_msg(int level, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	printf("[%d] ", level);
	vprintf(fmt, ap);
	va_end(ap);
	va_start(ap, fmt); /* again: a second pass over the same arguments */
	logged += vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
}

static int fill_bytes(buf, n, c)
	char *buf;
	int n;
	int c;
{
	int i;
	if (n > 12)
		n = 12; /* the banner's size, as it once was everywhere */
	for (i = 0; i < n - 1; i++)
		buf[i] = (char)c;
	buf[i] = 0;
	return i;
}

int main(void)
{
	char *user = malloc(16);
	strcpy(user, "ada");
	log_msg(1, "user %s logged in after %d tries\n", user, 3);
	char *greeting = malloc(32);
	snprintf(greeting, 32, "hello %s\n", user);
	log_msg(2, "%s", greeting);
	char *banner = malloc(12);
	int n = fill_bytes(banner, 12, '=');
	n += fill_bytes(banner, 12, '-');
	printf("%s %d %d\n", banner, n, logged);
	free(user);
	free(greeting);
	free(banner);
	return 0;
}
