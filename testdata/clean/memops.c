/* Correct uses of the checked libc memory and string functions: memcpy,
 * overlapping memmove both ways, memset, memcmp, memchr, strncpy with
 * explicit termination, stpcpy, strnlen, strdup/strndup, strcasecmp,
 * strpbrk and strncmp. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void show(const char *label, const char *buf, size_t n)
{
	printf("%-8s [", label);
	for (size_t i = 0; i < n; i++)
		putchar(buf[i] != '\0' ? buf[i] : '.');
	printf("]\n");
}

int main(void)
{
	char *buf = malloc(16);
	if (buf == NULL)
		return 1;
	memset(buf, 0, 16);
	memcpy(buf, "abcdefghij", 10);
	show("memcpy", buf, 16);
	memmove(buf + 3, buf, 10); /* overlapping, moving right */
	show("right", buf, 16);
	memmove(buf, buf + 5, 11); /* overlapping, moving left */
	show("left", buf, 16);
	memset(buf + 8, '-', 8);
	show("memset", buf, 16);
	const char *hit = memchr(buf, 'f', 16);
	printf("memchr: %s at %td\n", hit != NULL ? "found" : "missing", hit != NULL ? hit - buf : -1);
	printf("memcmp: %d %d\n", memcmp(buf, buf, 16) == 0, memcmp("abc", "abd", 3) < 0);

	char name[8];
	strncpy(name, "truncated-name", sizeof name - 1);
	name[sizeof name - 1] = '\0';
	printf("strncpy: %s (%zu)\n", name, strlen(name));
	char padded[8];
	strncpy(padded, "ab", sizeof padded); /* pads with NULs */
	show("padded", padded, sizeof padded);

	char path[32];
	char *end = stpcpy(path, "/var");
	end = stpcpy(end, "/log");
	end = stpcpy(end, "/app");
	printf("stpcpy: %s, length %td, strnlen(5) %zu\n", path, end - path, strnlen(path, 5));

	char *d = strdup("Hello, World");
	char *nd = strndup(d, 5);
	if (d == NULL || nd == NULL)
		return 1;
	printf("strdup %s, strndup %s, strcasecmp %d, strncasecmp %d\n", d, nd,
	       strcasecmp(nd, "HELLO") == 0, strncasecmp(d, "hello there", 5) == 0);
	printf("strpbrk: %s, strncmp %d, strrchr %s\n", strpbrk(d, ",!"), strncmp(d, "Help", 3) == 0, strrchr(d, 'o'));
	free(nd);
	free(d);

	int *nums = calloc(8, sizeof *nums);
	int *copy = malloc(8 * sizeof *copy);
	if (nums == NULL || copy == NULL)
		return 1;
	for (int i = 0; i < 8; i++)
		nums[i] = i * i;
	memcpy(copy, nums, 8 * sizeof *nums);
	copy[7] = -1;
	printf("int arrays equal up to 7: %d, all: %d\n", memcmp(nums, copy, 7 * sizeof *nums) == 0,
	       memcmp(nums, copy, 8 * sizeof *nums) == 0);
	free(copy);
	free(nums);
	free(buf);
	return 0;
}
