/* A bit test over a sign-and-magnitude number, as mini-gmp's mpz_tstbit
 * (nettle 3.8's build-time eccdata, fully checked at -O0). The origin of
 * n = sz >= 0 ? sz : -sz joined sz's origin with itself, __ml_either(o,
 * (t ? o : o)), a helper call made in asm in a function that calls
 * nothing; gcc 12 -O0 folded its two arguments to one value and loaded
 * only one of their registers, so the origin was garbage and the runtime
 * faulted reading it as a site ("memlens's state was damaged"). An origin
 * joined with itself is now that origin. */
#include <stdio.h>
#include <stdlib.h>

struct num {
	int alloc;
	int size;
	unsigned long *limbs;
};

static int test_bit(const struct num *d, unsigned long bit)
{
	long index;
	unsigned shift;
	long sz;
	long n;
	unsigned long w;
	int b;

	sz = d->size;
	n = sz >= 0 ? sz : -sz;
	index = bit / 64;
	if (index >= n)
		return sz < 0;
	shift = bit % 64;
	w = d->limbs[index];
	b = (w >> shift) & 1;
	if (sz < 0) {
		if (shift > 0 && (unsigned long)(w << (64 - shift)) > 0)
			return b ^ 1;
		while (--index >= 0)
			if (d->limbs[index] > 0)
				return b ^ 1;
	}
	return b;
}

static void set_bit(struct num *d, unsigned long bit)
{
	if (!test_bit(d, bit))
		d->limbs[bit / 64] |= 1UL << (bit % 64);
}

int main(void)
{
	struct num d = { 2, 2, calloc(2, sizeof(unsigned long)) };
	unsigned long zeros = 2, ones = 5;
	unsigned long lo = zeros < ones ? zeros : ones;
	zeros -= lo;
	set_bit(&d, zeros);
	set_bit(&d, 70);
	printf("%lx %lx %d\n", d.limbs[0], d.limbs[1], test_bit(&d, 70));
	free(d.limbs);
	return 0;
}
