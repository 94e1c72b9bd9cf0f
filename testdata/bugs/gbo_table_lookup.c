/* A global lookup table indexed by a value one past its last entry, and
 * a static local ring buffer written past its end. */
#include <stdio.h>

static const char *const level_names[] = {"debug", "info", "warn", "error"};
int counters[4];

static void record(int n)
{
	static int ring[5];
	static int pos;
	ring[pos++] = n; // want GLOBAL-BUFFER-OVERFLOW
}

int main(void)
{
	for (int level = 0; level <= 4; level++) {
		counters[level]++; // want GLOBAL-BUFFER-OVERFLOW
		printf("%s\n", level < 4 ? level_names[level] : "?");
	}
	printf("%s\n", level_names[4]); // want GLOBAL-BUFFER-OVERFLOW
	for (int i = 0; i < 6; i++)
		record(i);
	return 0;
}
