/* memcpy carries undefined heap bytes into a local buffer (a copy, no
 * report); branching on them is the use, and the report names the heap
 * block they came from. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	unsigned char *pkt = malloc(16);
	unsigned char hdr[4];
	pkt[0] = 0x7f;
	memcpy(hdr, pkt, sizeof hdr);
	if (hdr[0] == 0x7f && hdr[2] == 1) // want UNINITIALIZED-READ
		puts("v1");
	puts("parsed");
	free(pkt);
	return 0;
}
