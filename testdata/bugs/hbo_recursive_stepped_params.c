/* A glob matcher in the shape of Lua's lstrlib match: it calls itself with
 * the subject and the pattern, which it steps. The pattern is a heap block
 * of its characters alone, no terminator: the loop reads past its end.
 * (s's and p's metas reach each level through the thread, not pushed.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct matcher {
	long calls;
};

static int match(struct matcher *m, const char *s, const char *p)
{
	m->calls++;
	while (*p != '\0') { // want HEAP-BUFFER-OVERFLOW
		if (*p == '*')
			return match(m, s, p + 1) || (*s != '\0' && match(m, s + 1, p));
		if (*s != *p)
			return 0;
		s++;
		p++;
	}
	return *s == '\0';
}

int main(void)
{
	char *pat = malloc(3);
	if (pat == NULL)
		return 1;
	memcpy(pat, "a*c", 3); /* no terminator */
	struct matcher m = {0};
	int ok = match(&m, "abbbc", pat);
	printf("%d after %ld calls\n", ok, m.calls);
	free(pat);
	return 0;
}
