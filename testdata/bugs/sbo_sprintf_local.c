/* A path is formatted into a local buffer that is too small for it. */
#include <stdio.h>

static void open_log(const char *dir, int n)
{
	char path[16];
	int len = sprintf(path, "%s/log-%d.txt", dir, n); // want STACK-BUFFER-OVERFLOW
	printf("%d\n", len);
}

int main(void)
{
	open_log("/tmp", 1);
	open_log("/var/tmp/logs", 12);
	return 0;
}
