/* Modelled on CPython 870c0ef7e8a2 (paper 000, Fig. 5): an error path
 * takes an attribute name for a unicode object without checking its
 * type; given a type object instead, it frees the "wstr" buffer, which is
 * really a field of a global type object set by its initializer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct object {
	const char *type_name;
};

struct type_object { /* an object of type "type" */
	struct object head;
	char *tp_doc;
	long tp_itemsize;
};

struct unicode_object { /* an object of type "str" */
	struct object head;
	char *wstr;
	long length;
};

static char int_doc[] = "int(x) -> integer";
static struct type_object int_type = {{"type"}, int_doc, sizeof(long)}; // want origin:UNMATCHED-FREE

static void unicode_ready(struct object *unicode)
{
	struct unicode_object *u = (struct unicode_object *)unicode; /* no type check */
	char *buffer = u->wstr; // want chain:UNMATCHED-FREE
	printf("converting %zu bytes\n", strlen(buffer));
	free(buffer); // want UNMATCHED-FREE
	u->wstr = NULL;
}

static void format_error(struct object *name)
{
	unicode_ready(name);
}

int main(void)
{
	format_error(&int_type.head); /* type.__getattribute__(str, int) */
	return 0;
}
