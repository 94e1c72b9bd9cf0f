/* A fixed-size record copies its tag with memcpy of the field's size,
 * reading past the end of the shorter literal; a bounded scanner for a
 * character the literal lacks walks past its terminator. */
#include <stdio.h>
#include <string.h>

struct rec {
	char tag[8];
	int v;
};

static int count_until(const char *s, char stop)
{
	int n = 0;
	while (n < 6 && s[n] != stop) // want GLOBAL-BUFFER-OVERFLOW
		n++;
	return n;
}

int main(void)
{
	struct rec r;
	memcpy(r.tag, "id", sizeof r.tag); // want GLOBAL-BUFFER-OVERFLOW
	r.v = 1;
	printf("%.2s %d\n", r.tag, r.v);
	printf("%d\n", count_until("abc", 'x'));
	return 0;
}
