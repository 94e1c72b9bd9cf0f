/* consume() takes ownership of its argument and frees it, but the caller
 * frees it too. The second free is in a callee of the caller. */
#include <stdio.h>
#include <stdlib.h>

struct packet {
	int seq;
	char payload[32];
};

static void consume(struct packet *p)
{
	printf("consumed packet %d\n", p->seq);
	free(p);
}

static void release(struct packet *p)
{
	free(p); // want DOUBLE-FREE
}

static void handle(int seq)
{
	struct packet *p = calloc(1, sizeof *p);
	if (p == NULL)
		exit(1);
	p->seq = seq;
	consume(p);
	release(p);
}

int main(void)
{
	handle(1);
	printf("handled\n");
	return 0;
}
