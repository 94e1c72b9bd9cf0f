/* A command table leaves one handler's argument NULL in its initializer;
 * the dispatcher copies the entry it found and hands its argument to the
 * handler, which writes through it. */
#include <stdio.h>
#include <string.h>

struct command {
	const char *name;
	int *counter;
};

static int runs_of_start, runs_of_stop;

static void handle(int *counter)
{
	(*counter)++; // want NULL-POINTER-DEREF
}

static void dispatch(const struct command *table, int n, const char *name)
{
	for (int i = 0; i < n; i++) {
		if (strcmp(table[i].name, name) != 0)
			continue;
		struct command found = table[i]; // want chain:NULL-POINTER-DEREF
		handle(found.counter); // want chain:NULL-POINTER-DEREF
	}
}

int main(void)
{
	struct command table[] = {
		{"start", &runs_of_start},
		{"status", NULL}, /* forgot its counter */ // want chain:NULL-POINTER-DEREF origin:NULL-POINTER-DEREF
		{"stop", &runs_of_stop},
	};
	dispatch(table, 3, "start");
	dispatch(table, 3, "status");
	printf("%d %d\n", runs_of_start, runs_of_stop);
	return 0;
}
