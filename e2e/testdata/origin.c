/* TestUninitOrigin: the line numbers below are the test's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int sink;

int main(int argc, char **argv)
{
	(void)argv;
	unsigned char hdr[4];
	int *grown;
	unsigned char *pkt = malloc(16);
	pkt[0] = 1;
	memcpy(hdr, pkt, sizeof hdr);
	free(pkt);
	if (hdr[1] == 2)
		sink++;
	grown = malloc(2 * sizeof *grown);
	grown[0] = 1;
	grown = realloc(grown, 4096 * sizeof *grown);
	if (grown[1] == 5)
		sink++;
	free(grown);
	int n;
	if (argc > 5)
		n = 1;
	if (n)
		sink++;
	printf("%d\n", sink > 100);
	return 0;
}
