/* A label is chosen in a switch without a default; an unexpected value
 * hands an uninitialized pointer to strlen (with definedness tracked, a
 * use of an undefined value, as Valgrind says). */
#include <stdio.h>
#include <string.h>

static size_t label_width(int level)
{
	const char *label;
	switch (level) {
	case 0:
		label = "debug";
		break;
	case 1:
		label = "info";
		break;
	}
	return strlen(label); // want full:UNINITIALIZED-READ INVALID-DEREF
}

int main(void)
{
	size_t w = 0;
	for (int level = 0; level < 3; level++)
		w += label_width(level);
	printf("%zu\n", w);
	return 0;
}
