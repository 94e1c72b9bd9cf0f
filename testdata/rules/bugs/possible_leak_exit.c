/* memlens:rules heap_at_end.rules
 *
 * A configuration reader that stops the program with exit() from inside a
 * helper as soon as it is done, its settings still on the heap: the
 * program ends at that call (POSSIBLE-LEAK there). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct setting {
	char name[16];
	int value;
};

static struct setting *settings;

static void finish(int n)
{
	int sum = 0;
	for (int i = 0; i < n; i++)
		sum += settings[i].value;
	printf("%d settings, sum %d\n", n, sum);
	exit(0); // want POSSIBLE-LEAK
}

int main(void)
{
	settings = calloc(3, sizeof *settings);
	for (int i = 0; i < 3; i++) {
		snprintf(settings[i].name, sizeof settings[i].name, "key%d", i);
		settings[i].value = i * 10;
	}
	finish(3);
}
