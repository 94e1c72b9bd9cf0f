/* _Generic selection, _Atomic objects and the __atomic builtins, volatile
 * accesses, an empty inline asm memory barrier and a few other builtins. */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

#define type_name(x) _Generic((x),        \
	int: "int",                       \
	unsigned: "unsigned",             \
	long: "long",                     \
	double: "double",                 \
	float: "float",                   \
	char *: "char *",                 \
	const char *: "const char *",     \
	default: "other")

#define abs_of(x) _Generic((x), int: abs_int, long: abs_long, double: abs_double)(x)

static int abs_int(int v) { return v < 0 ? -v : v; }
static long abs_long(long v) { return v < 0 ? -v : v; }
static double abs_double(double v) { return v < 0 ? -v : v; }

static _Atomic long hits = 0;
static _Atomic(unsigned) flags;

static volatile int mmio_reg; /* stands for a device register */

int main(void)
{
	char buf[] = "x";
	const char *cs = "y";
	printf("%s %s %s %s %s %s %s\n", type_name(1), type_name(1u), type_name(1L),
	       type_name(1.0), type_name(1.0f), type_name(buf + 0), type_name(cs));
	printf("%s\n", type_name((short)1));
	printf("abs: %d %ld %.1f\n", abs_of(-3), abs_of(-40L), abs_of(-2.5));

	for (int i = 0; i < 10; i++)
		atomic_fetch_add(&hits, i);
	hits += 5;
	hits++;
	atomic_fetch_or(&flags, 0x5u);
	unsigned expected = 0x5u;
	int swapped = atomic_compare_exchange_strong(&flags, &expected, 0x7u);
	printf("hits %ld, flags %#x (swapped %d)\n", atomic_load(&hits), atomic_load(&flags), swapped);

	long counter = 100;
	long before = __atomic_fetch_add(&counter, 7, __ATOMIC_SEQ_CST);
	long after = __atomic_add_fetch(&counter, 3, __ATOMIC_RELAXED);
	long old = 110;
	int ok = __atomic_compare_exchange_n(&counter, &old, 0, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
	long exch = __atomic_exchange_n(&counter, 55, __ATOMIC_SEQ_CST);
	__atomic_store_n(&counter, __atomic_load_n(&counter, __ATOMIC_ACQUIRE) * 2, __ATOMIC_RELEASE);
	printf("before %ld after %ld cas %d exch %ld now %ld\n", before, after, ok, exch, counter);
	int spin = 0;
	int first = __atomic_test_and_set(&spin, __ATOMIC_SEQ_CST);
	int second = __atomic_test_and_set(&spin, __ATOMIC_SEQ_CST);
	printf("test_and_set %d %d\n", first, second);

	for (int i = 0; i < 4; i++) {
		mmio_reg = i * 3;
		__asm__ volatile("" ::: "memory");
	}
	int seen = mmio_reg;
	printf("register %d\n", seen);

	uint32_t v = 0x00f0u;
	printf("clz %d ctz %d popcount %d bswap %#x\n", __builtin_clz(v), __builtin_ctz(v),
	       __builtin_popcount(v), __builtin_bswap32(v));
	if (__builtin_expect(v != 0, 1))
		printf("expected path\n");
	printf("constant %d\n", __builtin_constant_p(42));
	return 0;
}
