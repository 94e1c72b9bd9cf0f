/* Correct uses of the checked wide-character string functions, with their
 * edge cases: empty strings, n == 0, exact fits, wcsncpy's padding,
 * unterminated arrays read within their bounds (wcsnlen, wcsncmp,
 * wmem*), wcschr/wcsrchr for L'\0', an empty needle, wcsdup, and
 * swprintf/vswprintf fitting exactly, truncated (-1) and failing on an
 * encoding error, with errno as libc leaves it. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

static void dump(const char *label, const wchar_t *w, size_t n)
{
	printf("%-10s", label);
	for (size_t i = 0; i < n; i++)
		printf(" %x", (unsigned)w[i]);
	printf("\n");
}

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

static int wfmt(wchar_t *out, size_t n, const wchar_t *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vswprintf(out, n, fmt, ap);
	va_end(ap);
	return r;
}

static void copies(void)
{
	wchar_t exact[4], big[8];
	wcscpy(exact, L"abc");
	dump("wcscpy", exact, 4);
	wcscpy(big, L"");
	dump("empty", big, 1);

	wmemset(big, L'#', 8);
	wcsncpy(big, L"xyz", 0);
	dump("ncpy 0", big, 8);
	wcsncpy(big, L"xyz", 2);
	dump("ncpy 2", big, 8);
	wcsncpy(big, L"xyz", 8);
	dump("ncpy pad", big, 8);
	wcsncpy(exact, L"wxy", 4);
	dump("ncpy fit", exact, 4);

	wchar_t *r = wcscat(big, L"");
	printf("wcscat empty: %d %ls\n", r == big, big);
	wcscat(big, L"1234");
	printf("wcscat: %ls\n", big);
	wcsncat(exact, L"zz", 0);
	printf("wcsncat 0: %ls\n", exact);
	wchar_t cat[6] = L"ab";
	wcsncat(cat, L"cdefgh", 3); /* exact fit: 5 + L'\0' */
	dump("ncat fit", cat, 6);
	wcsncat(cat + 5, L"", 9);
	printf("wcsncat: %ls\n", cat);
}

static void reads(void)
{
	wchar_t raw[4] = {L'w', L'x', L'y', L'z'}; /* no terminator */
	printf("wcslen %zu %zu\n", wcslen(L""), wcslen(L"four"));
	printf("wcsnlen %zu %zu %zu %zu %zu\n", wcsnlen(raw, 0), wcsnlen(raw, 2), wcsnlen(raw, 4),
	       wcsnlen(L"ab", 2), wcsnlen(L"ab", 9));
	printf("wcscmp %d %d %d %d\n", sign(wcscmp(L"", L"")), sign(wcscmp(L"abc", L"abd")),
	       sign(wcscmp(L"b", L"abc")), sign(wcscmp(L"ab", L"abc")));
	printf("wcsncmp %d %d %d %d\n", sign(wcsncmp(raw, L"q", 0)), sign(wcsncmp(raw, L"wxyz!", 4)),
	       sign(wcsncmp(raw, L"wxa", 3)), sign(wcsncmp(L"ab", L"ab", 100)));
	const wchar_t *s = L"a/b/c";
	printf("wcschr %td %td %d %d\n", wcschr(s, L'/') - s, wcschr(s, L'\0') - s,
	       wcschr(s, L'x') == NULL, wcschr(L"", L'a') == NULL);
	printf("wcsrchr %td %td %d\n", wcsrchr(s, L'/') - s, wcsrchr(s, L'\0') - s, wcsrchr(s, L'q') == NULL);
	printf("wcsstr %td %td %d %d %td\n", wcsstr(s, L"b/") - s, wcsstr(s, L"") - s,
	       wcsstr(s, L"c/") == NULL, wcsstr(L"ab", L"abc") == NULL, wcsstr(s, L"/c") - s);
}

static void blocks(void)
{
	wchar_t a[6], b[6] = {1, 2, 3, 4, 5, 6};
	wmemset(a, L'?', 0);
	wmemset(a, L'.', 6);
	dump("wmemset", a, 6);
	printf("wmemcpy %d\n", wmemcpy(a, b, 0) == a);
	wmemcpy(a, b, 6);
	dump("wmemcpy", a, 6);
	wmemmove(a + 1, a, 5);
	dump("right", a, 6);
	wmemmove(a, a + 2, 4);
	dump("left", a, 6);
	printf("wmemcmp %d %d %d\n", sign(wmemcmp(a, b, 0)), sign(wmemcmp(b, b, 6)), sign(wmemcmp(a, b, 6)));
	wchar_t neg[2] = {-1, 0}, pos[2] = {1, 0};
	printf("signed %d %d\n", sign(wmemcmp(neg, pos, 1)), sign(wcscmp(neg, pos)));

	wchar_t *d = wcsdup(L"duplicate"), *e = wcsdup(L"");
	if (d == NULL || e == NULL)
		exit(1);
	d[0] = L'D';
	printf("wcsdup %ls %zu [%ls]\n", d, wcslen(d), e);
	free(e);
	free(d);
}

static void formats(void)
{
	wchar_t buf[8];
	char narrow[3] = {'x', 'y', 'z'}; /* no terminator: read up to the precision */
	wchar_t wide[3] = {L'X', L'Y', L'Z'};
	int pos = -1;
	errno = 0;
	int r = swprintf(buf, 8, L"%d%ls", 42, L"abcde"); /* 7 + L'\0': exact fit */
	printf("fit %d %ls errno %d\n", r, buf, errno);
	r = swprintf(buf, 8, L"%d%ls", 42, L"abcdef"); /* one too many: -1 */
	printf("over %d errno %d\n", r, errno);
	dump("  kept", buf, 7);
	r = swprintf(buf, 0, L"x");
	printf("n=0 %d\n", r);
	r = swprintf(buf, 1, L"");
	printf("n=1 %d %x\n", r, (unsigned)buf[0]);
	r = swprintf(buf, 8, L"%.2s%n%.1ls%lc", narrow, &pos, wide, (wint_t)L'!');
	printf("prec %d %ls %d\n", r, buf, pos);
	r = swprintf(buf, 8, L"%s", "\xff");
	printf("eilseq %d errno %d\n", r, errno);
	errno = 0;
	r = wfmt(buf, sizeof buf / sizeof *buf, L"%s-%d", "v", 7);
	printf("vswprintf %d %ls errno %d\n", r, buf, errno);
	r = wfmt(buf, 3, L"%s", "long");
	printf("vswprintf over %d\n", r);
	wchar_t big[300];
	r = swprintf(big, 300, L"%0*d|%ls", 280, 5, L"end");
	printf("big %d %ls\n", r, big + 278);
	r = swprintf(big, 300, L"%0*d", 400, 5);
	printf("big over %d %lc\n", r, (wint_t)big[298]);
}

int main(void)
{
	copies();
	reads();
	blocks();
	formats();
	return 0;
}
