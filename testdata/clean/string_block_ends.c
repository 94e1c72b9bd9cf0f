/* Correct string calls whose strings end at the last byte of their block,
 * for every length from 0 to 40 and every start in the first word: the
 * checked functions scan a word at a time and must neither report nor
 * read past the block, wherever the end falls in a word. Compares differ
 * in the last character, or not at all, or the shorter string ends first;
 * the results (strcmp's included) are printed. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <wchar.h>

/* A block of exactly n + 1 bytes holding n characters of pattern and the
 * terminator in its last byte; the character at n - 1 replaced by last
 * when it is not 0. */
static char *make(size_t n, int upper, char last)
{
	char *s = malloc(n + 1);
	if (!s)
		exit(1);
	for (size_t i = 0; i < n; i++)
		s[i] = (char)((upper ? 'A' : 'a') + i % 26);
	if (n && last)
		s[n - 1] = last;
	s[n] = '\0';
	return s;
}

static wchar_t *wmake(size_t n, wchar_t last)
{
	wchar_t *s = malloc((n + 1) * sizeof *s);
	if (!s)
		exit(1);
	for (size_t i = 0; i < n; i++)
		s[i] = (wchar_t)(L'a' + i % 26);
	if (n && last)
		s[n - 1] = last;
	s[n] = L'\0';
	return s;
}

static long off(const void *p, const void *base)
{
	return p ? (long)((const char *)p - (const char *)base) : -1;
}

int main(void)
{
	for (size_t n = 0; n <= 40; n++) {
		char *s = make(n, 0, 0), *same = make(n, 0, 0), *last = make(n, 0, '#');
		char *up = make(n, 1, 0), *shorter = make(n ? n - 1 : 0, 0, 0);
		char *d = malloc(n + 1);
		if (!d)
			return 1;
		char c = n ? s[n - 1] : 'a';
		printf("%2zu: %zu %zu %zu |", n, strlen(s), strnlen(s, n), strnlen(s, n + 9));
		printf(" %ld %ld %ld %ld |", off(strchr(s, c), s), off(strchr(s, '#'), s),
		       off(strchr(s, 0), s), off(strrchr(s, 'a'), s));
		printf(" %d %d %d %d %d |", strcmp(s, same), strcmp(s, last), strcmp(last, s),
		       strcmp(s, shorter), strcmp(shorter, s));
		printf(" %d %d %d %d |", strncmp(s, last, n), strncmp(s, last, n ? n - 1 : 0),
		       strncmp(s, last, n + 7), strncmp(shorter, s, n + 1));
		printf(" %d %d %d |", strcasecmp(s, up) == 0, strncasecmp(up, s, n + 3) == 0,
		       strcasecmp(up, last) > 0);
		printf(" %ld %d |", off(memchr(s, c, n + 1), s), memcmp(s, same, n + 1) == 0);
		strcpy(d, s);
		printf(" %d", strcmp(d, s));
		for (size_t k = 1; k < 8 && k <= n; k++)
			printf(" %zu:%zu:%d:%ld", k, strlen(s + k), strcmp(s + k, same + k) == 0,
			       off(strchr(s + k, c), s));
		wchar_t *w = wmake(n, 0), *wsame = wmake(n, 0), *wlast = wmake(n, L'#');
		wchar_t wc = n ? w[n - 1] : L'a';
		printf(" | %zu %d %d %d %d %ld %ld %ld\n", wcslen(w), wcscmp(w, wsame) == 0,
		       wcscmp(w, wlast) > 0, wcsncmp(w, wlast, n ? n - 1 : 0) == 0,
		       wcsncmp(w, wsame, n + 4) == 0, off(wcschr(w, wc), w), off(wcschr(w, L'\0'), w),
		       off(wcsrchr(w, L'a'), w));
		free(w);
		free(wsame);
		free(wlast);
		free(s);
		free(same);
		free(last);
		free(up);
		free(shorter);
		free(d);
	}
	return 0;
}
