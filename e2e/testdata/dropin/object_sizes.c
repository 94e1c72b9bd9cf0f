/* gcc's object sizes (__builtin_object_size, __builtin_dynamic_object_size,
 * which _FORTIFY_SOURCE's checks read) of blocks from each allocator, of
 * arrays and members, and through pointer locals: the same under memlens
 * as natively, at every -O level and in full mode. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct msg {
	int id;
	char text[12];
};

static void show(const char *what, size_t fixed, size_t dynamic)
{
	printf("%s %zu %zu\n", what, fixed, dynamic);
}

int main(int argc, char **argv)
{
	(void)argv;
	char *m = malloc(10);
	int *c = calloc(4, sizeof *c);
	char *r = realloc(NULL, 20 + argc);
	struct msg *g = malloc(sizeof *g);
	char local[32];
	char *p = local + 8;
	show("malloc", __builtin_object_size(m, 0), __builtin_dynamic_object_size(m, 0));
	show("calloc", __builtin_object_size(c, 0), __builtin_dynamic_object_size(c + 1, 0));
	show("realloc", __builtin_object_size(r, 0), __builtin_dynamic_object_size(r, 0));
	show("member", __builtin_object_size(g->text, 1), __builtin_dynamic_object_size(&g->text[2], 1));
	show("local", __builtin_object_size(p, 0), __builtin_dynamic_object_size(p, 3));
	memcpy(m, "123456789", 10);
	strcpy(g->text, m);
	printf("%s\n", g->text);
	free(g);
	free(r);
	free(c);
	free(m);
	return 0;
}
