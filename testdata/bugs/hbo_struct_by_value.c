/* Slices ({pointer, length}, 16 bytes, in registers; with a capacity and a
 * tag, 32 bytes, in memory) whose pointer already points past its buffer,
 * passed and returned by value, through a static helper and an external
 * function: the pointer keeps its block in each copy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct slice {
	char *p;
	size_t n;
};

struct big {
	char *p;
	size_t n, cap;
	long tag;
};

static char *buf;

__attribute__((noinline)) int first(struct slice s)
{
	return s.p[0]; // want HEAP-BUFFER-OVERFLOW
}

static __attribute__((noinline)) int first_static(const char *name, struct big b)
{
	return name[0] + b.p[0]; // want HEAP-BUFFER-OVERFLOW
}

__attribute__((noinline)) struct slice tail_small(void)
{
	struct slice s = {buf + 20, 1};
	return s;
}

__attribute__((noinline)) struct big tail_big(void)
{
	struct big b = {buf + 24, 1, 1, 7};
	return b;
}

int main(void)
{
	buf = malloc(16);
	if (buf == NULL)
		return 1;
	memset(buf, 'a', 16);
	struct slice s = {buf + 18, 1};
	struct big b = {buf + 17, 1, 1, 3};
	printf("%d\n", first(s) > 0);
	printf("%d\n", first_static("x", b) > 0);
	struct slice t = tail_small();
	printf("%d\n", t.p[0] > 0); // want HEAP-BUFFER-OVERFLOW
	struct big u = tail_big();
	printf("%d\n", u.p[0] > 0); // want HEAP-BUFFER-OVERFLOW
	free(buf);
	return 0;
}
