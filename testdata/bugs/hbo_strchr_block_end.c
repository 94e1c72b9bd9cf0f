/* A 21-byte buffer filled with a path and no terminator is searched for
 * separators: '/' is found inside, and ':' in the buffer's last byte, but
 * a search for '\\', which it does not hold, reads the 22nd byte. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *path = malloc(21);
	if (path == NULL)
		return 1;
	memcpy(path, "/usr/local/share/doc:", 21);
	char *slash = strchr(path, '/');
	char *colon = strchr(path, ':');
	char *back = strchr(path, '\\'); // want HEAP-BUFFER-OVERFLOW
	printf("%ld %ld %d\n", (long)(slash - path), (long)(colon - path), back != NULL);
	free(path);
	return 0;
}
