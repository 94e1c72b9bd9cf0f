/* A function record allocated only up to its optional debug part, as
 * QuickJS does for stripped bytecode (offsetof the first member left out):
 * its bit-fields, inside the allocated prefix, are read and written; only
 * their bytes are accessed, never the missing tail. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

struct function {
	int refs;
	unsigned char mode;
	unsigned char has_prototype : 1;
	unsigned char strict : 1;
	unsigned char kind : 2;
	unsigned short nargs;
	struct {
		const char *file;
		int line;
		char notes[64];
	} debug;
};

static struct function *make(int strip)
{
	size_t size = strip ? offsetof(struct function, debug) : sizeof(struct function);
	struct function *f = calloc(1, size);
	f->refs = 1;
	f->has_prototype = 1;
	f->kind = 2;
	f->strict = !strip;
	f->nargs = 3;
	return f;
}

int main(void)
{
	struct function *a = make(1), *b = make(0);
	b->debug.line = 7;
	a->kind++;
	printf("%d %d %d %d %d %d\n", a->has_prototype, a->strict, a->kind, b->strict, b->kind, b->debug.line);
	free(a);
	free(b);
	return 0;
}
