/* The pointer strchr returns points into the local buffer it searched:
 * returning it keeps the buffer's address, which dies with the frame. */
#include <stdio.h>
#include <string.h>

static const char *field(const char *line)
{
	char copy[32];
	snprintf(copy, sizeof copy, "%s", line);
	return strchr(copy, '=');
}

int main(void)
{
	const char *v = field("key=value");
	printf("%c\n", v[1]); // want USE-AFTER-RETURN
	return 0;
}
