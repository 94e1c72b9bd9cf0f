/* memlens:stdin wide_io_conversions.txt
 *
 * Correct uses of fgetws (n of 1 and 2, a line longer than the buffer,
 * an exact fit, a last line without newline, EOF), mbstowcs and wcstombs
 * (a NULL destination only measures; n == 0; exact fits with and without
 * room for the terminator; an unterminated source bounded by n; a
 * multibyte character that does not fit; invalid input: -1 and EILSEQ),
 * in the C locale and in C.UTF-8. */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

static void dumpw(const char *label, const wchar_t *w, size_t n)
{
	printf("%-8s", label);
	for (size_t i = 0; i < n; i++)
		printf(" %x", (unsigned)w[i]);
	printf("\n");
}

static void dumpc(const char *label, const char *s, size_t n)
{
	printf("%-8s", label);
	for (size_t i = 0; i < n; i++)
		printf(" %02x", (unsigned char)s[i]);
	printf("\n");
}

static void lines(void)
{
	wchar_t *buf = malloc(9 * sizeof *buf);
	if (buf == NULL)
		exit(1);
	wmemset(buf, L'#', 9);
	wchar_t *r = fgetws(buf, 1, stdin);
	printf("n=1 %d %x\n", r == buf, (unsigned)buf[0]);
	r = fgetws(buf, 2, stdin);
	printf("n=2 %d %ls\n", r == buf, buf);
	int k = 0;
	while (fgetws(buf, 9, stdin) != NULL) {
		size_t len = wcslen(buf);
		printf("%d: %zu [", ++k, len);
		for (size_t i = 0; i < len; i++)
			putchar(buf[i] == L'\n' ? '$' : (int)buf[i]);
		printf("]\n");
	}
	printf("eof %d %d\n", feof(stdin) != 0, ferror(stdin) != 0);
	free(buf);
}

static void conversions(const char *where)
{
	printf("-- %s\n", where);
	wchar_t w[8];
	char c[8];
	errno = 0;
	printf("measure %zu %zu\n", mbstowcs(NULL, "hello", 0), wcstombs(NULL, L"hello", 0));
	wmemset(w, L'#', 8);
	printf("mbstowcs 0: %zu\n", mbstowcs(w, "abc", 0));
	printf("mbstowcs 3: %zu\n", mbstowcs(w, "abc", 3));
	dumpw("  no nul", w, 4);
	printf("mbstowcs 4: %zu\n", mbstowcs(w, "abc", 4));
	dumpw("  nul", w, 4);
	if (MB_CUR_MAX == 1) {
		/* (glibc looks for the NUL up to n * MB_CUR_MAX bytes on) */
		char raw[3] = {'x', 'y', 'z'};
		printf("unterminated: %zu\n", mbstowcs(w, raw, 2));
		dumpw("  raw", w, 3);
	}
	printf("errno %d\n", errno);

	memset(c, '#', 8);
	printf("wcstombs 0: %zu\n", wcstombs(c, L"abc", 0));
	printf("wcstombs 3: %zu\n", wcstombs(c, L"abc", 3));
	dumpc("  no nul", c, 4);
	printf("wcstombs 8: %zu\n", wcstombs(c, L"abc", 8));
	dumpc("  nul", c, 4);
	wchar_t wraw[3] = {L'p', L'q', L'r'};
	printf("unterminated: %zu\n", wcstombs(c, wraw, 3));

	errno = 0;
	size_t r = mbstowcs(w, "a\xff", 8);
	printf("invalid mb: %d errno %d\n", r == (size_t)-1, errno);
	errno = 0;
	wchar_t bad[3] = {L'a', (wchar_t)0x110000, 0};
	r = wcstombs(c, bad, 8);
	printf("invalid wc: %d errno %d\n", r == (size_t)-1, errno);
	errno = 0;
	wchar_t accents[4] = {L'a', (wchar_t)0xe9, L'b', 0}; /* é: 2 bytes in UTF-8 */
	memset(c, '#', 8);
	r = wcstombs(c, accents, 2); /* room for a, not for é */
	printf("partial: %d %zu errno %d\n", r == (size_t)-1, r == (size_t)-1 ? 0 : r, errno);
	dumpc("  bytes", c, 4);
	errno = 0;
	r = mbstowcs(w, "\xc3\xa9t\xc3\xa9", 2);
	printf("utf8: %d %zu errno %d\n", r == (size_t)-1, r == (size_t)-1 ? 0 : r, errno);
	dumpw("  chars", w, 3);
}

int main(void)
{
	lines();
	conversions("C");
	if (setlocale(LC_CTYPE, "C.UTF-8") != NULL || setlocale(LC_CTYPE, "C.utf8") != NULL)
		conversions("UTF-8");
	return 0;
}
