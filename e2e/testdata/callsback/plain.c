/* Built by gcc alone: a library that reports progress through a callback,
 * and frees its scratch memory, before it writes its results through the
 * caller's pointers; one whose callback takes no arguments; one that calls
 * its callback twice; and a helper of its own. */
#include <stdlib.h>
#include <string.h>

struct result {
	int count;
	char tag[8];
};

void run(struct result *out, int *status, void (*progress)(int, const char *))
{
	progress(1, "start");
	out->count = 3;
	for (int i = 0; i < 8; i++)
		out->tag[i] = (char)('a' + i);
	progress(2, "done");
	char *scratch = strdup("scratch");
	*status = scratch ? (int)strlen(scratch) - 7 : 1;
	free(scratch);
}

void run_ticking(struct result *out, void (*tick)(void))
{
	tick();
	out->count = 4;
	memcpy(out->tag, "ijklmnop", sizeof out->tag);
}

void run_twice(struct result *out, void (*step)(int))
{
	step(1);
	step(2);
	out->count = 5;
	memcpy(out->tag, "qrstuvwx", sizeof out->tag);
}

int weight(int x)
{
	return 3 * x;
}
