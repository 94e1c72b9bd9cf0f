/* -fpack-struct=n caps the alignment of every struct member at n, as a
 * #pragma pack(n) before the unit's first line (and `#pragma pack()`
 * returns to n); plain -fpack-struct packs every struct and union, and
 * gcc ignores #pragma pack. The sizes and offsets gcc's build prints, and
 * members read and written in arrays of structs on the heap, through
 * pointers and in bit-fields, and a struct declared in a block; the
 * runtime's own structs, declared in the unit too, keep the runtime's
 * layout. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
	char tag;
	double v;
	short s;
	int *p;
};

struct outer {
	char c;
	struct rec r;
	long n[2];
};

union mix {
	char c[3];
	long l;
};

struct bits {
	char c;
	int a : 3;
	long b : 40;
};

#pragma pack(push, 8)
struct eight {
	char c;
	long l;
};
#pragma pack(pop)

#pragma pack(1)
struct one {
	char c;
	int i;
};
#pragma pack()
struct back {
	char c;
	int i;
};

static long sum(const struct outer *o, int n)
{
	long s = 0;
	for (int i = 0; i < n; i++)
		s += o[i].n[1] + *o[i].r.p + o[i].r.s + (long)o[i].r.v + o[i].c;
	return s;
}

int main(int argc, char **argv)
{
	(void)argv;
	printf("%zu %zu %zu %zu %zu %zu %zu %zu\n", sizeof(struct rec), sizeof(struct outer), sizeof(union mix), sizeof(struct bits),
	       sizeof(struct eight), sizeof(struct one), sizeof(struct back), _Alignof(struct rec));
	printf("%zu %zu %zu %zu %zu %zu\n", offsetof(struct rec, v), offsetof(struct rec, s), offsetof(struct rec, p),
	       offsetof(struct outer, r), offsetof(struct outer, n), offsetof(struct eight, l));
	int x = 7;
	struct outer *o = calloc(3, sizeof *o);
	for (int i = 0; i < 3; i++) {
		o[i].c = (char)('a' + i);
		o[i].r.tag = 't';
		o[i].r.v = i * 1.5;
		o[i].r.s = (short)i;
		o[i].r.p = &x;
		o[i].n[0] = i;
		o[i].n[1] = 10 * i;
	}
	struct rec *r = &o[argc].r;
	r->v += 0.25;
	long *n = o[2].n;
	n[1] += 5;
	struct bits b = {1, -2, 123456789012};
	b.a += 1;
	b.b -= 3;
	union mix m;
	memset(&m, 0, sizeof m);
	memcpy(m.c, "ab", 3);
	struct local {
		char c;
		long l;
	} loc[2] = {{'x', 5}, {'y', 6}};
	loc[argc].l += sizeof loc;
	struct one *ones = malloc(4 * sizeof *ones);
	for (int i = 0; i < 4; i++)
		ones[i] = (struct one){(char)i, i * 100};
	printf("%ld %.2f %ld %d %ld %s %d %ld\n", sum(o, 3), o[1].r.v, o[2].n[1], b.a, (long)b.b, m.c, ones[3].i + ones[1].c, loc[1].l);
	free(ones);
	free(o);
	return 0;
}
