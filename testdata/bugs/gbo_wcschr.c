/* A table of separators fills its array, so it has no terminator; wcschr
 * for a character it lacks reads past the global's end. */
#include <stdio.h>
#include <wchar.h>

static wchar_t seps[4] = {L',', L';', L':', L'|'};
static int other = 1;

int main(void)
{
	int is_sep = wcschr(seps, L'/') != NULL; // want GLOBAL-BUFFER-OVERFLOW
	printf("%d %d\n", is_sep, other);
	return 0;
}
