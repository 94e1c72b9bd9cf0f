/* A growable string built with vsnprintf (a printf-like append over
 * stdarg), realloc doubling, strcat into a fixed buffer, and snprintf's
 * truncation result. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sb {
	char *buf;
	size_t len, cap;
	int grows;
};

static void sb_reserve(struct sb *s, size_t extra)
{
	if (s->len + extra + 1 <= s->cap)
		return;
	size_t cap = s->cap ? s->cap : 8;
	while (cap < s->len + extra + 1)
		cap *= 2;
	char *p = realloc(s->buf, cap);
	if (p == NULL)
		abort();
	s->buf = p;
	s->cap = cap;
	s->grows++;
}

static void sb_appendf(struct sb *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		abort();
	sb_reserve(s, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(s->buf + s->len, s->cap - s->len, fmt, ap);
	va_end(ap);
	s->len += (size_t)n;
}

static void sb_append(struct sb *s, const char *str)
{
	size_t n = strlen(str);
	sb_reserve(s, n);
	memcpy(s->buf + s->len, str, n + 1);
	s->len += n;
}

static char *join(const char *const *words, size_t n, const char *sep)
{
	size_t total = 1;
	for (size_t i = 0; i < n; i++)
		total += strlen(words[i]) + (i > 0 ? strlen(sep) : 0);
	char *out = malloc(total);
	if (out == NULL)
		abort();
	out[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		if (i > 0)
			strcat(out, sep);
		strcat(out, words[i]);
	}
	return out;
}

int main(void)
{
	struct sb s = {NULL, 0, 0, 0};
	sb_append(&s, "squares:");
	for (int i = 1; i <= 12; i++)
		sb_appendf(&s, " %d", i * i);
	sb_appendf(&s, "; pi~%.4f; %s=%c", 3.14159265, "letter", 'q');
	printf("%s\n", s.buf);
	printf("len %zu, cap %zu, grew %d times\n", s.len, s.cap, s.grows);

	const char *words[] = {"memory", "safety", "for", "C"};
	char *j = join(words, 4, ", ");
	printf("[%s] (%zu chars)\n", j, strlen(j));

	char small[10];
	int want = snprintf(small, sizeof small, "%s", j);
	printf("snprintf wanted %d, kept \"%s\"\n", want, small);

	char fixed[32] = "path";
	strcat(fixed, "/");
	strncat(fixed, "to/some/file.txt", 7);
	printf("%s\n", fixed);

	free(j);
	free(s.buf);
	return 0;
}
