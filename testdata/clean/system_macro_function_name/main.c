/* A function whose name comes from a macro of a system header (gnulib's
 * replacement headers say #pragma GCC system_header and rename the
 * functions they replace), calling a static helper of the program. The
 * function is the program's, instrumented as the rest. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "names.h"

static int copy_message(char *buf, size_t size, const char *msg)
{
	size_t len = strlen(msg);
	size_t moved = len < size ? len : size - 1;
	memmove(buf, msg, moved);
	buf[moved] = '\0';
	return len < size ? 0 : ERANGE;
}

int describe(int code, char *buf, size_t size)
{
	if (code == 0)
		return copy_message(buf, size, "no error");
	char scratch[80];
	snprintf(scratch, sizeof scratch, "error %d", code);
	return copy_message(buf, size, scratch);
}

int main(void)
{
	char buf[10];
	for (int code = 0; code < 3; code++) {
		int status = describe(code, buf, sizeof buf);
		printf("%d %s %d\n", code, buf, status);
	}
	printf("%d\n", describe(123456, buf, 6));
	printf("%s\n", buf);
	return 0;
}
