/* memlens:cflags -pthread */
/* Memory written by libc (checked replacements and functions memlens does
 * not check alike) holds values: stat, sscanf, time, snprintf, strtol's
 * end pointer, fgets, read from a pipe, getline, qsort's result, a
 * pthread_t, strtok, mmap'd memory, argv and environ. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static int cmp(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

static void *nothing(void *p) { return p; }

int main(int argc, char **argv)
{
	struct stat st;
	if (stat(argv[0], &st) == 0 && st.st_size > 0)
		puts("stat ok");

	int x, y;
	char word[16];
	if (sscanf("12 34 hello", "%d %d %15s", &x, &y, word) == 3)
		printf("%d %s\n", x + y, word);

	time_t t;
	time(&t);
	if (t > 0)
		puts("time ok");

	char buf[64];
	snprintf(buf, sizeof buf, "n=%d", argc);
	printf("%s %zu\n", buf, strlen(buf));

	char *end;
	long v = strtol("99 bottles", &end, 10);
	printf("%ld%s\n", v, end);

	int fds[2];
	char in[8];
	if (pipe(fds) == 0) {
		(void)!write(fds[1], "pipe", 4);
		long n = read(fds[0], in, sizeof in);
		if (n == 4 && in[0] == 'p')
			puts("pipe ok");
		close(fds[0]);
		close(fds[1]);
	}

	int nums[5];
	for (int i = 0; i < 5; i++)
		nums[i] = 5 - i;
	qsort(nums, 5, sizeof nums[0], cmp);
	printf("%d %d\n", nums[0], nums[4]);

	pthread_t th;
	void *res;
	pthread_create(&th, NULL, nothing, NULL);
	pthread_join(th, &res);
	puts(res == NULL ? "joined" : "?");

	char line[32];
	strcpy(line, "a,b,c");
	int parts = 0;
	for (char *tok = strtok(line, ","); tok; tok = strtok(NULL, ","))
		parts += tok[0] != 0;
	printf("%d\n", parts);

	unsigned char *map = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map != MAP_FAILED) {
		if (map[100] == 0)
			puts("mmap zero");
		munmap(map, 4096);
	}

	int envs = 0;
	for (char **e = environ; *e && envs < 3; e++)
		envs += (*e)[0] != 0;
	printf("%d %d\n", argc, (int)strlen(argv[0]) > 0);
	return envs < 0;
}
