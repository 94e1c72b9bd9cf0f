/* libc called through function pointers (SQLite's system-call table,
 * plugin tables, callbacks): memlens cannot tell at the call that the
 * callee is code it does not see, so it learns it after the call (the
 * callee did not take the metas) and takes what the pointer arguments
 * point into as written. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>

typedef void (*syscall_ptr)(void);

static struct {
	const char *name;
	syscall_ptr fn;
} calls[] = {
	{"stat", (syscall_ptr)stat},
	{"time", (syscall_ptr)time},
};
#define osStat ((int (*)(const char *, struct stat *))calls[0].fn)
#define osTime ((time_t(*)(time_t *))calls[1].fn)

static int cmp(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

int main(void)
{
	struct stat st;
	if (osStat(".", &st) == 0 && S_ISDIR(st.st_mode))
		puts("a directory");
	time_t t;
	osTime(&t);
	if (t > 0)
		puts("time is positive");

	int (*scan)(const char *, const char *, ...) = sscanf;
	int a, b;
	if (scan("42 7", "%d %d", &a, &b) == 2 && a + b == 49)
		puts("scanned");

	void (*sorter)(void *, size_t, size_t, int (*)(const void *, const void *)) = qsort;
	int v[4] = {3, 1, 2, 0};
	sorter(v, 4, sizeof v[0], cmp);
	printf("%d %d %d %d\n", v[0], v[1], v[2], v[3]);
	return 0;
}
