/* memlens:cflags -std=gnu2x
 *
 * C23 attribute specifiers where C23 puts them: before a declaration,
 * after struct, after a declarator, on a member. The packed record is 5
 * bytes, so the loop's last read starts 5 bytes past the last record. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct [[gnu::packed]] record {
	char tag;
	int value;
};

[[gnu::noreturn]] static void die(const char *why)
{
	fprintf(stderr, "%s\n", why);
	exit(2);
}

[[gnu::noinline]] static int total(const struct record *r, int n)
{
	int sum [[gnu::aligned(16)]] = 0;
	for (int i = 0; i <= n; i++)
		sum += r[i].value; // want HEAP-BUFFER-OVERFLOW
	return sum;
}

int main(void)
{
	struct record *r = malloc(3 * sizeof *r);
	if (!r)
		die("out of memory");
	memset(r, 0, 3 * sizeof *r);
	printf("%zu %d\n", sizeof *r, total(r, 3) & 0);
	free(r);
	return 0;
}
