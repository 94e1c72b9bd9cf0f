/* Members of packed structs (the attribute, and #pragma pack) lie at
 * addresses misaligned for their types: gcc accesses them byte-wise, and
 * memlens's checked accesses must too. Built with -fsanitize=alignment,
 * which the native build passes silently. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct __attribute__((packed)) header {
	uint8_t tag;
	uint32_t len;
	uint32_t words[4];
	struct { uint16_t a; uint64_t b; } inner;
	char *name;
};

#pragma pack(push, 1)
struct wire {
	char kind;
	uint64_t stamp;
	double ratio;
};
#pragma pack(pop)

struct __attribute__((packed)) frame {
	char pad;
	struct wire w[2];
};

_Pragma("pack(2)") struct odd { char c; int n; long l; };
_Pragma("pack()")

typedef struct {
	char c;
	const char *s;
	int v;
} __attribute__((__packed__)) entry_t;

struct plain {
	char c;
	int n __attribute__((packed));
};

static struct header *get(struct header *h, int *calls)
{
	++*calls;
	return h;
}

static uint32_t sum(const struct header *h)
{
	uint32_t s = h->len;
	for (int i = 0; i < 4; i++)
		s += h->words[i];
	return s + h->inner.a + (uint32_t)h->inner.b;
}

static void bump(struct wire *w, int n)
{
	for (int i = 0; i < n; i++) {
		w[i].stamp += 10;
		w[i].ratio *= 2;
		w[i].stamp++;
	}
}

int main(int argc, char **argv)
{
	(void)argv;
	struct header *h = calloc(1, sizeof *h);
	h->tag = 1;
	h->len = 40;
	for (int i = 0; i < 4; i++)
		h->words[i] = (uint32_t)(i * argc);
	h->inner.a = 7;
	h->inner.b = 1u << 20;
	h->name = "packed";
	struct frame *f = malloc(sizeof *f);
	memset(f, 0, sizeof *f);
	f->w[argc].stamp = 5;
	f->w[0].ratio = 1.5;
	bump(f->w, 2);
	struct odd o = {1, 2, 3};
	entry_t e[2] = {{'a', "ab", 1}, {'b', "cd", 2}};
	struct plain pl;
	pl.c = 'p';
	pl.n = argc;
	int calls = 0;
	get(h, &calls)->len += 2;
	get(h, &calls)->words[argc] = 9;
	e[argc].s++;
	e[0].v += e[1].v + *e[argc].s;
	struct header copy = *h;
	o.n += (int)o.l + copy.inner.a;
	printf("%d %d %c%d %s %u %d\n", o.n, e[0].v, pl.c, pl.n, e[1].s, h->len + h->words[1], calls);
	printf("%zu %u %s %llu %llu %g\n", sizeof *h, sum(h), h->name, (unsigned long long)f->w[0].stamp,
	       (unsigned long long)f->w[1].stamp, f->w[0].ratio);
	free(f);
	free(h);
	return 0;
}
