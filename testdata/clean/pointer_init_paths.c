/* Pointer locals declared without an initializer and assigned on every
 * path before use: both branches, every case, the first loop iteration,
 * an out-parameter, a goto to the assignment, an asm statement; and
 * pointers the program gets from outside its own objects: argv, environ,
 * getenv, errno, libc's static buffers, mmap. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

extern char **environ;

static void pick(const char **out, int i)
{
	*out = i ? "one" : "zero";
}

static int first_positive(const int *v, int n)
{
	const int *p;
	for (int i = 0;; i++) {
		p = &v[i];
		if (*p > 0 || i == n - 1)
			break;
	}
	return *p;
}

int main(int argc, char **argv)
{
	const char *a;
	if (argc > 3)
		a = "many";
	else
		a = "few";

	const char *b;
	switch (argc) {
	case 1:
		b = "one";
		break;
	default:
		b = "more";
		break;
	}

	const char *c;
	pick(&c, argc);

	const char *d;
	goto set;
back:
	printf("%s %s %s %s\n", a, b, c, d);
	goto rest;
set:
	d = "jumped";
	goto back;
rest:;
	int v[4] = {-1, 0, 3, 4};
	printf("%d\n", first_positive(v, 4));

	int *e;
	int x = 9;
	__asm__("" : "=r"(e) : "0"(&x));
	printf("%d\n", *e);

	char *prog = argv[0];
	printf("%d\n", prog[0] != 0);
	int nenv = 0;
	for (char **ep = environ; *ep; ep++)
		nenv += (*ep)[0] != 0;
	printf("%d\n", nenv > 0);
	const char *path = getenv("PATH");
	printf("%d\n", path ? (int)(strlen(path) > 0) : 1);
	errno = 0;
	int *perr = &errno;
	printf("%d\n", *perr);
	const char *msg = strerror(ENOENT);
	printf("%zu\n", strlen(msg) > 0 ? (size_t)1 : (size_t)0);
	time_t t0 = 0;
	struct tm *tm = gmtime(&t0);
	printf("%d\n", tm->tm_year);
	char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return 1;
	memset(m, 'z', 8192);
	m[8191] = 0;
	printf("%zu\n", strlen(m + 8000));
	munmap(m, 8192);
	return 0;
}
