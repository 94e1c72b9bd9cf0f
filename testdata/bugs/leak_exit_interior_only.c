// memlens:options leak_check=exit
/* A buffer's user hands out the address past its header, kept as an
 * integer: only a pointer into the middle remains (possibly lost). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uintptr_t payload;

int main(void)
{
	char *buf = malloc(64); // want MEMORY-LEAK
	memset(buf, 0, 64);
	payload = (uintptr_t)(buf + 16);
	strcpy((char *)payload, "data");
	printf("%s\n", (char *)payload);
	return 0;
}
