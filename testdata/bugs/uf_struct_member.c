/* The address of an embedded member (not the first one) is freed instead
 * of the enclosing heap object. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct packet {
	int len;
	int flags;
	char payload[24];
};

static void drop_payload(char *payload)
{
	free(payload); // want UNMATCHED-FREE
}

int main(void)
{
	struct packet *p = malloc(sizeof *p); // want MEMORY-LEAK
	if (p == NULL)
		return 1;
	strcpy(p->payload, "ping");
	p->len = (int)strlen(p->payload);
	p->flags = 1;
	printf("%s (%d bytes)\n", p->payload, p->len);
	drop_payload(p->payload);
	return 0;
}
