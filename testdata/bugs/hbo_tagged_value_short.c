/* A tagged value as Lua's TValue: a union of the value, then its tag.
 * Copying one (Lua's setobj: the union whole, then the tag) through a
 * block allocated for the union alone writes, or reads, the tag past the
 * block's end. The union's check proves where the block starts, not where
 * it ends, so the tag's access is still checked against the end and
 * reported. */
#include <stdio.h>
#include <stdlib.h>

union value {
	void *p;
	long i;
	double n;
};

struct tvalue {
	union value value_;
	unsigned char tt_;
};

static void set_to(struct tvalue *to, const struct tvalue *from)
{
	struct tvalue *io1 = to;
	const struct tvalue *io2 = from;
	io1->value_ = io2->value_;
	io1->tt_ = io2->tt_; // want HEAP-BUFFER-OVERFLOW
}

static void set_from(struct tvalue *to, const struct tvalue *from)
{
	struct tvalue *io1 = to;
	const struct tvalue *io2 = from;
	io1->value_ = io2->value_;
	io1->tt_ = io2->tt_; // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	struct tvalue good = {{.i = 42}, 3}, copy;
	struct tvalue *whole = malloc(sizeof *whole);
	struct tvalue *dst = malloc(sizeof(union value)); /* the tag left out */
	struct tvalue *src = malloc(sizeof(union value));
	if (!whole || !dst || !src)
		return 1;
	set_to(whole, &good);
	src->value_.i = 7;
	set_to(dst, &good);
	set_from(&copy, src);
	printf("%ld %d %ld\n", whole->value_.i, whole->tt_, dst->value_.i + copy.value_.i);
	free(whole);
	free(dst);
	free(src);
	return 0;
}
