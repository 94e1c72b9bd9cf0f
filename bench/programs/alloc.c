/* alloc.c: an allocator-heavy JSON-ish document builder.
 * Repeatedly builds a random tree of objects, arrays, strings and numbers
 * (every node, key, string and child array is its own variable-size
 * allocation, child arrays grow by realloc), serialises it to text,
 * parses the text back into a second tree, compares the two, and frees
 * both; prints a checksum of the documents.
 * memlens:bench
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RNG_SEED 0xBF58476D1CE4E5B9ULL
#include "rng.h"

enum kind { NUM, STR, ARR, OBJ };

struct value {
	enum kind kind;
	long num;
	char *str;             /* STR */
	struct value **items;  /* ARR, OBJ */
	char **keys;           /* OBJ */
	size_t len, cap;
};

static void *xmalloc(size_t n)
{
	void *p = malloc(n);
	if (!p) {
		perror("malloc");
		exit(1);
	}
	return p;
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p) {
		perror("realloc");
		exit(1);
	}
	return p;
}

static struct value *new_value(enum kind kind)
{
	struct value *v = xmalloc(sizeof *v);
	memset(v, 0, sizeof *v);
	v->kind = kind;
	return v;
}

static void push(struct value *v, char *key, struct value *item)
{
	if (v->len == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 2;
		v->items = xrealloc(v->items, v->cap * sizeof *v->items);
		if (v->kind == OBJ)
			v->keys = xrealloc(v->keys, v->cap * sizeof *v->keys);
	}
	if (v->kind == OBJ)
		v->keys[v->len] = key;
	v->items[v->len++] = item;
}

static char *random_string(size_t maxlen)
{
	size_t n = 1 + (size_t)(xorshift64() % maxlen), i;
	char *s = xmalloc(n + 1);
	for (i = 0; i < n; i++)
		s[i] = (char)('a' + xorshift64() % 26);
	s[n] = '\0';
	return s;
}

static struct value *build(int depth)
{
	unsigned r = (unsigned)(xorshift64() % 10);
	struct value *v;
	size_t n, i;
	if (depth <= 0 || r < 3) {
		if (r & 1) {
			v = new_value(STR);
			v->str = random_string(24);
		} else {
			v = new_value(NUM);
			v->num = (long)(xorshift64() % 2000001) - 1000000;
		}
		return v;
	}
	v = new_value(r < 6 ? ARR : OBJ);
	n = (size_t)(xorshift64() % 7);
	for (i = 0; i < n; i++)
		push(v, v->kind == OBJ ? random_string(10) : NULL, build(depth - 1));
	return v;
}

static void free_value(struct value *v)
{
	size_t i;
	for (i = 0; i < v->len; i++) {
		free_value(v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->str);
	free(v);
}

struct out {
	char *p;
	size_t len, cap;
};

static void emit(struct out *o, const char *s, size_t n)
{
	if (o->len + n + 1 > o->cap) {
		while (o->len + n + 1 > o->cap)
			o->cap = o->cap ? o->cap * 2 : 256;
		o->p = xrealloc(o->p, o->cap);
	}
	memcpy(o->p + o->len, s, n);
	o->len += n;
	o->p[o->len] = '\0';
}

static void emit_str(struct out *o, const char *s)
{
	emit(o, "\"", 1);
	emit(o, s, strlen(s));
	emit(o, "\"", 1);
}

static void serialise(struct out *o, const struct value *v)
{
	char num[32];
	size_t i;
	switch (v->kind) {
	case NUM:
		emit(o, num, (size_t)snprintf(num, sizeof num, "%ld", v->num));
		break;
	case STR:
		emit_str(o, v->str);
		break;
	case ARR:
	case OBJ:
		emit(o, v->kind == ARR ? "[" : "{", 1);
		for (i = 0; i < v->len; i++) {
			if (i)
				emit(o, ",", 1);
			if (v->kind == OBJ) {
				emit_str(o, v->keys[i]);
				emit(o, ":", 1);
			}
			serialise(o, v->items[i]);
		}
		emit(o, v->kind == ARR ? "]" : "}", 1);
		break;
	}
}

static char *parse_str(const char **s)
{
	const char *start = ++*s, *end = strchr(start, '"');
	size_t n = (size_t)(end - start);
	char *r = xmalloc(n + 1);
	memcpy(r, start, n);
	r[n] = '\0';
	*s = end + 1;
	return r;
}

static struct value *parse(const char **s)
{
	struct value *v;
	char c = **s;
	if (c == '"') {
		v = new_value(STR);
		v->str = parse_str(s);
	} else if (c == '[' || c == '{') {
		char close = c == '[' ? ']' : '}';
		v = new_value(c == '[' ? ARR : OBJ);
		++*s;
		while (**s != close) {
			char *key = NULL;
			if (**s == ',')
				++*s;
			if (v->kind == OBJ) {
				key = parse_str(s);
				++*s; /* ':' */
			}
			push(v, key, parse(s));
		}
		++*s;
	} else {
		char *end;
		v = new_value(NUM);
		v->num = strtol(*s, &end, 10);
		*s = end;
	}
	return v;
}

static int equal(const struct value *a, const struct value *b)
{
	size_t i;
	if (a->kind != b->kind || a->len != b->len)
		return 0;
	if (a->kind == NUM)
		return a->num == b->num;
	if (a->kind == STR)
		return strcmp(a->str, b->str) == 0;
	for (i = 0; i < a->len; i++) {
		if (a->kind == OBJ && strcmp(a->keys[i], b->keys[i]) != 0)
			return 0;
		if (!equal(a->items[i], b->items[i]))
			return 0;
	}
	return 1;
}

static unsigned long long digest(const struct value *v, unsigned long long h)
{
	size_t i;
	h = h * 1099511628211ULL ^ (unsigned long long)v->kind;
	if (v->kind == NUM)
		h ^= (unsigned long long)v->num;
	if (v->kind == STR)
		h = h * 31 + strlen(v->str) + (unsigned char)v->str[0];
	for (i = 0; i < v->len; i++) {
		if (v->keys)
			h += (unsigned char)v->keys[i][0];
		h = digest(v->items[i], h);
	}
	return h;
}

int main(int argc, char **argv)
{
	long docs = argc > 1 ? atol(argv[1]) : 3000;
	unsigned long long sum = 0, bytes = 0;
	long d;
	for (d = 0; d < docs; d++) {
		struct value *tree = build(7), *copy;
		struct out o = { NULL, 0, 0 };
		const char *s;
		serialise(&o, tree);
		s = o.p;
		copy = parse(&s);
		if (!equal(tree, copy) || *s != '\0') {
			printf("alloc: round trip failed in document %ld\n", d);
			return 1;
		}
		sum = digest(copy, sum);
		bytes += o.len;
		free_value(tree);
		free_value(copy);
		free(o.p);
	}
	printf("alloc: docs=%ld bytes=%llu checksum=%016llx\n", docs, bytes, sum);
	return 0;
}
