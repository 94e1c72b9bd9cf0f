/* A formatter returns its own local buffer; the caller prints it after
 * the function has returned (printf reads the dead buffer). */
#include <stdio.h>

static const char *describe(int code)
{
	char text[32];
	char *out = text;
	snprintf(text, sizeof text, "code %d", code);
	return out;
}

int main(void)
{
	const char *s = describe(404);
	printf("%s\n", s); // want USE-AFTER-RETURN
	return 0;
}
