/* Correct string calls on strings that end at the last byte of a page
 * whose next page cannot be read (memory of mmap, whose extent memlens
 * does not know): a checked function scanning a word at a time must not
 * read across the page's end, where libc does not read either. Every
 * length from 0 to 40, narrow and wide; the results are printed. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wchar.h>

/* The end of a readable page followed by one that is not. */
static char *page_end(size_t ps)
{
	char *p = mmap(NULL, 2 * ps, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED || mprotect(p + ps, ps, PROT_NONE) != 0) {
		perror("mmap");
		exit(1);
	}
	return p + ps;
}

/* n characters and the terminator, ending at end; the last character
 * replaced by last when it is not 0. */
static char *place(char *end, size_t n, int upper, char last)
{
	char *s = end - (n + 1);
	for (size_t i = 0; i < n; i++)
		s[i] = (char)((upper ? 'A' : 'a') + i % 26);
	if (n && last)
		s[n - 1] = last;
	s[n] = '\0';
	return s;
}

static wchar_t *wplace(char *end, size_t n, wchar_t last)
{
	wchar_t *s = (wchar_t *)end - (n + 1);
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
	size_t ps = (size_t)sysconf(_SC_PAGESIZE);
	char *e1 = page_end(ps), *e2 = page_end(ps), *e3 = page_end(ps);
	for (size_t n = 0; n <= 40; n++) {
		char *s = place(e1, n, 0, 0), *same = place(e2, n, 0, 0), *up = place(e3, n, 1, 0);
		char c = n ? s[n - 1] : 'a';
		printf("%2zu: %zu %zu %ld %ld %ld |", n, strlen(s), strnlen(s, n + 9), off(strchr(s, c), s),
		       off(strchr(s, '#'), s), off(strrchr(s, 'a'), s));
		printf(" %d %d %d %d |", strcmp(s, same), strncmp(s, same, n + 9), strcasecmp(s, up) == 0,
		       strncasecmp(up, s, n + 5) == 0);
		char *last = place(e2, n, 0, '#');
		printf(" %d %d %d |", strcmp(s, last), strcmp(last, s), strncmp(s, last, n + 3));
		for (size_t k = 1; k < 8 && k <= n; k++)
			printf(" %zu:%zu:%d", k, strlen(s + k), strcmp(s + k, last + k));
		wchar_t *w = wplace(e1, n, 0), *wsame = wplace(e2, n, 0);
		printf(" | %zu %d %d %ld %ld", wcslen(w), wcscmp(w, wsame), wcsncmp(w, wsame, n + 3),
		       off(wcschr(w, n ? w[n - 1] : L'a'), w), off(wcschr(w, L'#'), w));
		wchar_t *wlast = wplace(e2, n, L'#');
		printf(" %d\n", wcscmp(w, wlast) > 0);
	}
	return 0;
}
