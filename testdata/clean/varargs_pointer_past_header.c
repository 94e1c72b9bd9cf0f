/* sqlite3_mprintf("%z%s", z, more) in miniature: the string z, 8 bytes
 * into a block that starts with its size (SQLite's allocator), goes in
 * through va_arg and comes back as the result, grown in place or moved.
 * The caller keeps only that result; full checking must see the same
 * block in it, not a pointer from nowhere whose assignment loses it. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *sized_realloc(char *z, long n)
{
	long *p = realloc(z ? (long *)z - 1 : NULL, (size_t)n + sizeof *p);
	if (p == NULL)
		exit(1);
	p[0] = n;
	return (char *)(p + 1);
}

static long sized_capacity(const char *z)
{
	return ((const long *)z)[-1];
}

static void sized_free(char *z)
{
	free((long *)z - 1);
}

struct accum {
	char *text;
	long len, cap;
};

/* the string the first argument names, with the second appended; the
 * first is taken over, as %z does */
static char *append_taking(const char *fmt, ...)
{
	va_list ap;
	struct accum acc;
	const char *more;
	long n;
	va_start(ap, fmt);
	acc.text = va_arg(ap, char *);
	more = va_arg(ap, const char *);
	va_end(ap);
	acc.len = (long)strlen(acc.text);
	acc.cap = sized_capacity(acc.text);
	n = (long)strlen(more);
	if (acc.len + n + 1 > acc.cap) {
		acc.cap = 2 * (acc.len + n + 1);
		acc.text = sized_realloc(acc.text, acc.cap);
	}
	memcpy(acc.text + acc.len, more, (size_t)n + 1);
	return fmt[0] == '%' ? acc.text : NULL;
}

int main(void)
{
	static const char *const cols[] = {"title", ", body", ", rank", ", extra", ", more columns"};
	char *sql = sized_realloc(NULL, 16);
	strcpy(sql, "CREATE TABLE x(");
	for (int i = 0; i < 5; i++)
		sql = append_taking("%z%s", sql, cols[i]);
	sql = append_taking("%z%s", sql, ")");
	puts(sql);
	sized_free(sql);
	return 0;
}
