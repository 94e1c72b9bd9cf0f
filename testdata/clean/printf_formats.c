/* printf-family conversions whose arguments memlens walks: widths and
 * precisions from arguments, bounded %s of unterminated data, %n, %m,
 * positional arguments, long doubles, and the v* forms. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int logf_(FILE *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vfprintf(f, fmt, ap);
	va_end(ap);
	return r;
}

static int say(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vprintf(fmt, ap);
	va_end(ap);
	return r;
}

int main(void)
{
	char *raw = malloc(4);
	if (raw == NULL)
		return 1;
	memcpy(raw, "abcd", 4); /* not terminated: only printed with a precision */
	int n = 0;
	long double ld = 2.5L;
	printf("[%.4s] [%.*s] [%*d] [%-6.2f]%n\n", raw, 2, raw, 5, 42, 3.14159, &n);
	printf("wrote %d, %Lf, %lld, %zu, %p\n", n, ld, 1LL << 40, sizeof n, (void *)0);
	printf("%2$s %1$s\n", "world", "hello");
	errno = ENOENT;
	printf("%%m says: %m\n");
	fprintf(stdout, "%s %c %x %o\n", "fprintf", 'z', 255u, 8u);
	logf_(stdout, "%s=%d\n", "answer", 42);
	say("%.3s|%s\n", raw, "done");
	char buf[32];
	snprintf(buf, sizeof buf, "%.2s-%s", raw, "x");
	puts(buf);
	free(raw);
	return 0;
}
