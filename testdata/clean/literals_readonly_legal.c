/* Everything a program may legally do with string literals and const
 * objects: read them through pointers and tables, compare identical
 * literals, index and size them, copy them into arrays it then changes,
 * pass them to libc and to variadic functions, keep wide and UTF-8
 * literals, and point into them from static initializers. None of it is
 * a write into read-only memory. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* memlens:cflags -Wwrite-strings */

static const char *const names[] = {"zero", "one", "two", "three"};
static const char *tail = "abcdef" + 2;
static const int primes[] = {2, 3, 5, 7, 11};
static const struct {
	const char *key;
	int value;
} table[] = {{"alpha", 1}, {"beta", 2}, {"gamma", 3}};
static char greeting[] = "hello"; /* an array: writable */

static int sum(int n, ...)
{
	va_list ap;
	va_start(ap, n);
	int s = 0;
	for (int i = 0; i < n; i++)
		s += (int)strlen(va_arg(ap, const char *));
	va_end(ap);
	return s;
}

static const char *pick(int i)
{
	return i % 2 ? "odd" : "even";
}

static int lookup(const char *key)
{
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		if (strcmp(table[i].key, key) == 0)
			return table[i].value;
	return -1;
}

int main(void)
{
	const char *a = "same", *b = "same";
	printf("merged: %d\n", a == b);
	printf("sizeof: %zu %zu\n", sizeof "four", sizeof(L"wide"));
	printf("index: %c %c\n", "xyz"[1], names[3][2]);
	printf("tail: %s\n", tail);

	char buf[16] = "copy";
	buf[0] = 'C';
	strcat(buf, "-able");
	printf("buf: %s\n", buf);
	greeting[0] = 'H';
	printf("greeting: %s\n", greeting);

	char *dup = strdup("mutable");
	dup[0] = 'M';
	printf("dup: %s %zu\n", dup, strlen(dup));
	free(dup);

	const char *found = strchr("key=value", '=');
	printf("found: %s\n", found + 1);
	printf("strstr: %s\n", strstr("needle in a haystack", "hay"));

	char words[] = "split these words";
	int n = 0;
	for (char *w = strtok(words, " "); w; w = strtok(NULL, " "))
		n++;
	printf("words: %d\n", n);

	printf("sum: %d\n", sum(3, "a", "bc", "def"));
	for (int i = 0; i < 3; i++)
		printf("%s %d\n", pick(i), lookup(table[i].key));
	printf("primes: %d\n", primes[4] + primes[0]);

	const wchar_t *w = L"wide";
	printf("wide: %zu %d\n", wcslen(w), (int)w[1]);
	const char *u8 = u8"caf\u00e9";
	printf("utf8: %zu\n", strlen(u8));
	const char *cat = "con" "cat" "enated";
	printf("concat: %s %zu\n", cat, strlen(cat));

	char line[32];
	snprintf(line, sizeof line, "%s/%s", "dir", "file");
	memcpy(line + 3, "|", 1);
	printf("line: %s\n", line);
	return 0;
}
