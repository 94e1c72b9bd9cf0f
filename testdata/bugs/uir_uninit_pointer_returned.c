/* A lookup returns its cursor, which is left unset when the key is not in
 * the table; the caller's NULL test is the first use of the undefined
 * value, and the report names the lookup's `found`. */
#include <stdio.h>
#include <string.h>

struct colour {
	const char *name, *rgb;
};

static const struct colour colours[] = {{"red", "#f00"}, {"green", "#0f0"}};

static const char *lookup(const char *name)
{
	const char *found;
	for (size_t i = 0; i < sizeof colours / sizeof colours[0]; i++)
		if (strcmp(colours[i].name, name) == 0) {
			found = colours[i].rgb;
			break;
		}
	return found;
}

int main(void)
{
	const char *rgb = lookup("blue");
	if (rgb == NULL) // want full:UNINITIALIZED-READ
		puts("no such colour");
	else
		puts("a known colour");
	return 0;
}
