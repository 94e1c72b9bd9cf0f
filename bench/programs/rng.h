/* rng.h: the benchmarks' pseudo-random numbers (xorshift64), the same on
 * every libc. A program defines RNG_SEED before including it. */
static unsigned long long rng_state = RNG_SEED;

static unsigned long long xorshift64(void)
{
	unsigned long long x = rng_state;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	rng_state = x;
	return x;
}
