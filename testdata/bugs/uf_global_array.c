/* An error-message helper returns a global buffer when allocation is not
 * needed; the caller frees it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char default_msg[32] = "unknown error";

static char *error_message(int code)
{
	if (code == 0)
		return default_msg;
	char *m = malloc(32);
	if (m == NULL)
		exit(1);
	snprintf(m, 32, "error %d", code);
	return m;
}

int main(void)
{
	int codes[] = {5, 0};
	for (int i = 0; i < 2; i++) {
		char *m = error_message(codes[i]);
		printf("%s\n", m);
		free(m); // want UNMATCHED-FREE
	}
	return 0;
}
