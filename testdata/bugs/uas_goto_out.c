/* A goto leaves the block that owns a buffer; the error path after the
 * label still uses a pointer into it. */
#include <stdio.h>
#include <string.h>

static int check(const char *input)
{
	const char *reason = NULL;
	{
		char msg[32];
		if (strlen(input) > 3) {
			snprintf(msg, sizeof msg, "too long: %s", input);
			reason = msg;
			goto fail;
		}
	}
	return 0;
fail:
	printf("error: %s\n", reason); // want USE-AFTER-SCOPE
	return 1;
}

int main(void)
{
	return check("abc") + check("abcdef") == 1 ? 0 : 2;
}
