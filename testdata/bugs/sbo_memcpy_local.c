/* A message is copied into a fixed-size local header with the length of
 * the source, not of the destination. */
#include <stdio.h>
#include <string.h>

struct header {
	char tag[8];
};

int main(void)
{
	const char *msg = "a-long-message-tag";
	struct header h;
	memcpy(h.tag, msg, strlen(msg) + 1); // want STACK-BUFFER-OVERFLOW
	printf("%.4s\n", h.tag);
	return 0;
}
