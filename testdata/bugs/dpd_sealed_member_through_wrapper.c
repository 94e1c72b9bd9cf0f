/* A call stack of frames allocated through the unit's allocation wrapper
 * (xmalloc: malloc's result returned as it came), each frame noting where
 * its caller goes on in the code; the code is freed while a frame still
 * points into it, and the return reads freed memory. The frame's member
 * is sealed though the frames came through the wrapper (internal/instrument
 * sealed.go, freshWrappers), so its load skips the shadow's hash test; the
 * meta the shadow word names is still the freed code's, whose dead block
 * fails the access's check. */
#include <stdio.h>
#include <stdlib.h>

struct frame {
	long locals[4];
	const long *ret;
};

static void *xmalloc(size_t n)
{
	void *p = malloc(n);
	if (!p) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	return p;
}

__attribute__((noinline)) static void call(struct frame *f, const long *code, long at)
{
	f->ret = code + at;
	f->locals[0] = at;
}

__attribute__((noinline)) static long ret(const struct frame *f)
{
	return *f->ret; // want DANGLING-POINTER-DEREF
}

int main(int argc, char **argv)
{
	struct frame *frames = xmalloc(8 * sizeof *frames);
	long *code = xmalloc(16 * sizeof *code);
	long i, sum = 0;
	(void)argv;
	for (i = 0; i < 16; i++)
		code[i] = i * 3;
	for (i = 0; i < 4; i++)
		call(&frames[i], code, i + argc);
	for (i = 3; i > 0; i--)
		sum += ret(&frames[i]);
	free(code);
	sum += ret(&frames[0]);
	printf("%ld\n", sum);
	free(frames);
	return 0;
}
