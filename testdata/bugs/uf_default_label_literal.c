/* An option record defaults its label to a string literal, and a setter
 * replaces labels by freeing the old one: the first replacement frees
 * the literal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct option {
	const char *name;
	char *label;
};

static void option_init(struct option *o, const char *name)
{
	o->name = name;
	o->label = (char *)"(none)"; // want chain:UNMATCHED-FREE origin:UNMATCHED-FREE
}

static void option_set_label(struct option *o, const char *label)
{
	char *old = o->label; // want chain:UNMATCHED-FREE
	o->label = strdup(label);
	free(old); // want UNMATCHED-FREE
}

int main(void)
{
	struct option o;
	option_init(&o, "verbose");
	option_set_label(&o, "be chatty");
	printf("%s: %s\n", o.name, o.label);
	free(o.label);
	return 0;
}
