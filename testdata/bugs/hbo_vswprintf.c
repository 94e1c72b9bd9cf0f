/* A logging helper formats with vswprintf into a heap buffer, bounded by
 * a constant larger than the buffer. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

#define LINE_MAX_CHARS 64

static int logf_w(wchar_t *out, const wchar_t *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vswprintf(out, LINE_MAX_CHARS, fmt, ap); // want HEAP-BUFFER-OVERFLOW
	va_end(ap);
	return n;
}

int main(void)
{
	wchar_t *line = malloc(8 * sizeof *line);
	if (line == NULL)
		return 1;
	printf("%d\n", logf_w(line, L"%d", 42));
	printf("%d\n", logf_w(line, L"%ls=%d", L"count", 1234));
	free(line);
	return 0;
}
