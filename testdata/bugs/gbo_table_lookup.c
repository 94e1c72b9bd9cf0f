/* A global lookup table indexed by a value one past its last entry, and
 * a static local ring buffer written past its end. (What lies past the
 * table depends on the link's layout, which differs between -O levels:
 * the program only tests the pointer it reads, it does not follow it.) */
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
	const char *past = level_names[4]; // want GLOBAL-BUFFER-OVERFLOW
	printf("%s\n", past == level_names[0] ? "debug again" : "past the table");
	for (int i = 0; i < 6; i++)
		record(i);
	return 0;
}
