/* alloca's block dies with the function that called it, not with the
 * block: the name kept in a global is used after make_name returned. */
#include <alloca.h>
#include <stdio.h>
#include <string.h>

static const char *last;

static void make_name(int id)
{
	if (id > 0) {
		char *name = alloca(16);
		snprintf(name, 16, "item-%d", id);
		last = name;
	}
	printf("%s\n", last); /* still alive here: after its block, in its function */
}

int main(void)
{
	make_name(7);
	printf("%c\n", last[0]); // want USE-AFTER-RETURN
	return 0;
}
