/* The program writes to stderr, closes it, opens a file (which takes fd 2)
 * and exits 0: memlens adds nothing and the file holds only the program's
 * data. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
	fputs("warning: about to close stderr\n", stderr);
	if (fclose(stderr) != 0)
		return 1;
	char path[] = "/tmp/stderr_closed_XXXXXX";
	int fd = mkstemp(path);
	if (fd != 2) {
		printf("mkstemp gave %d\n", fd);
		return 2;
	}
	unlink(path);
	char *data = malloc(6);
	if (!data)
		return 3;
	memcpy(data, "data\n", 6);
	if (write(fd, data, 5) != 5)
		return 4;
	free(data);
	char back[16] = {0};
	if (lseek(fd, 0, SEEK_SET) != 0 || read(fd, back, sizeof back - 1) != 5)
		return 5;
	printf("file holds: %s", back);
	close(fd);
	return 0;
}
