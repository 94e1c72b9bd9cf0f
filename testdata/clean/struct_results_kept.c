/* Structs holding heap pointers made and handed back by value: a compound
 * literal returned, a call's result returned, a conditional of structs, a
 * struct member of struct type, a struct of more than 16 bytes filled
 * through its address; placed without an assignment: an element of a
 * brace initializer (a call's result, a struct in memory), of an array of
 * structs, two declarators initialised by calls, a for statement's
 * declaration, a call's result passed straight on; and pointers past the
 * end of their buffers stored, copied and passed by value, used only to
 * compute lengths. Nothing is lost and nothing is out of bounds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	char *p;
	size_t n, len, cap;
} vec;

typedef struct {
	int tag;
	vec v;
} holder;

typedef struct {
	char *in, *out;
	size_t n, cap;
} job;

typedef struct {
	char *begin, *end;
} range;

vec lit(size_t n) { return (vec){malloc(n), n, 0, 0}; }

vec make(size_t n) { return lit(n); }

vec pick(int c, vec x, vec y) { return c ? x : y; }

__attribute__((noinline)) size_t release(vec v)
{
	free(v.p);
	return v.n;
}

vec member(size_t n)
{
	holder h;
	h.tag = 7;
	h.v = lit(n);
	return h.v;
}

static void fill(job *j, size_t n)
{
	j->in = malloc(n);
	j->out = malloc(2 * n);
	j->n = n;
	j->cap = 2 * n;
}

job start(size_t n)
{
	job r;
	fill(&r, n);
	return r;
}

__attribute__((noinline)) size_t span(range r) { return (size_t)(r.end - r.begin); }

static __attribute__((noinline)) size_t span_static(const char *name, range r) { return strlen(name) + (size_t)(r.end - r.begin); }

int main(void)
{
	vec w = lit(8);
	strcpy(w.p, "lit");
	printf("%s %zu\n", w.p, w.n);
	free(w.p);

	vec m = make(9);
	strcpy(m.p, "make");
	printf("%s\n", m.p);
	free(m.p);

	vec x = lit(3);
	vec y = lit(4);
	vec z = pick(0, x, y);
	printf("%zu\n", z.n);
	z = pick(1, x, y);
	printf("%zu\n", z.n);
	free(x.p);
	free(y.p);

	vec e = member(6);
	printf("%zu\n", e.n);
	free(e.p);

	job j = start(8);
	strcpy(j.in, "job");
	printf("%s %zu\n", j.in, j.cap);
	free(j.in);
	free(j.out);

	vec *heap = malloc(sizeof *heap);
	if (heap == NULL)
		return 1;
	*heap = lit(6);
	holder g = {5, *heap};
	free(heap);
	holder h = {7, lit(5)};
	vec a1 = lit(3), a2 = lit(4);
	vec arr[2] = {lit(1), lit(2)};
	printf("%d %zu %d %zu %zu %zu %zu %zu\n", h.tag, h.v.n, g.tag, g.v.n, a1.n, a2.n, arr[0].n, arr[1].n);
	printf("%zu\n", release(lit(7)));
	for (vec f = lit(2); f.n != 0; f.n = 0)
		free(f.p);
	free(h.v.p);
	free(g.v.p);
	free(a1.p);
	free(a2.p);
	free(arr[0].p);
	free(arr[1].p);

	char *buf = malloc(16);
	if (buf == NULL)
		return 1;
	range r = {buf, buf + 16};
	range *saved = malloc(sizeof *saved);
	if (saved == NULL)
		return 1;
	*saved = r;
	range copy;
	memcpy(&copy, saved, sizeof copy);
	printf("%zu %zu\n", span(copy), span_static("ab", *saved));
	free(saved);
	free(buf);
	return 0;
}
