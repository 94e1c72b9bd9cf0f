/* A lookup returns NULL for an unknown key and the caller uses the result
 * without checking. */
#include <stdio.h>
#include <string.h>

struct color {
	const char *name;
	unsigned rgb;
};

static const struct color colors[] = {
	{"black", 0x000000},
	{"white", 0xffffff},
	{"teal", 0x008080},
};

static const struct color *find_color(const char *name)
{
	for (size_t i = 0; i < sizeof colors / sizeof colors[0]; i++)
		if (strcmp(colors[i].name, name) == 0)
			return &colors[i];
	return NULL;
}

int main(void)
{
	const char *wanted[] = {"teal", "mauve"};
	for (int i = 0; i < 2; i++) {
		const struct color *c = find_color(wanted[i]);
		printf("%s = #%06x\n", wanted[i], c->rgb); // want NULL-POINTER-DEREF
	}
	return 0;
}
