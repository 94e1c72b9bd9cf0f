/* A function larger than a large function's size (instrument's
 * largeFunctionTokens: Lua's luaV_execute) drops its pointer locals'
 * references by calls (farDrops): an assignment, a block's end and a
 * return lose the same blocks as in a small function. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ONE + 1
#define TEN ONE ONE ONE ONE ONE ONE ONE ONE ONE ONE
#define HUNDRED TEN TEN TEN TEN TEN TEN TEN TEN TEN TEN
#define THOUSAND HUNDRED HUNDRED HUNDRED HUNDRED HUNDRED HUNDRED HUNDRED HUNDRED HUNDRED HUNDRED
#define MANY THOUSAND THOUSAND THOUSAND THOUSAND THOUSAND THOUSAND THOUSAND THOUSAND THOUSAND THOUSAND THOUSAND THOUSAND

static long parse(const char *s)
{
	long total = 0 MANY;
	char *line = NULL;
	char *copy = malloc(32); // want alloc:MEMORY-LEAK
	for (int i = 0; i < 3; i++) {
		line = malloc(40); // want alloc:MEMORY-LEAK full:MEMORY-LEAK
		snprintf(line, 40, "line %d", i);
		total += (long)strlen(line);
	}
	free(line);
	for (int i = 0; i < 2; i++) {
		char *tmp = strdup("scratch"); // want alloc:MEMORY-LEAK
		total += (long)strlen(tmp);
	} // want full:MEMORY-LEAK
	if (s[0] != '#')
		return -1; // want full:MEMORY-LEAK
	snprintf(copy, 32, "%s", s);
	total += (long)strlen(copy);
	free(copy);
	return total;
}

int main(void)
{
	printf("%ld\n", parse("#ok"));
	printf("%ld\n", parse("bad"));
	return 0;
}
