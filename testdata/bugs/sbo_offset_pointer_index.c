/* A record is serialised into a local buffer at running offsets; the last
 * field runs past the buffer through (buf + off)[i]. */
#include <stdio.h>
#include <string.h>

int main(void)
{
	char buf[12];
	const char *fields[] = {"abcd", "efgh", "ijkl"};
	size_t off = 0;
	for (int f = 0; f < 3; f++) {
		size_t n = strlen(fields[f]) + 1;
		for (size_t i = 0; i < n; i++)
			(buf + off)[i] = fields[f][i]; // want STACK-BUFFER-OVERFLOW
		off += n;
	}
	printf("%s\n", buf);
	return 0;
}
