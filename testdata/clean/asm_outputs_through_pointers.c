/* Locals written by an asm statement of a helper through the pointers it
 * is passed (libdeflate's cpuid(leaf, subleaf, &a, &b, &c, &d), its
 * outputs "=a"(*a), "=b"(*b)...): with full checking they must count as
 * written when the caller decides on them (a false UNINITIALIZED-READ in
 * libdeflate_init_x86_cpu_features). */
#include <stdio.h>

static inline void cpuid(unsigned leaf, unsigned subleaf, unsigned *a, unsigned *b, unsigned *c, unsigned *d)
{
	__asm__("cpuid" : "=a"(*a), "=b"(*b), "=c"(*c), "=d"(*d) : "a"(leaf), "c"(subleaf));
}

int main(void)
{
	unsigned max, vendor[3], f1, f2, f3, dummy;
	cpuid(0, 0, &max, &vendor[0], &vendor[2], &vendor[1]);
	if (max < 1)
		return 1;
	cpuid(1, 0, &dummy, &f3, &f2, &f1);
	printf("sse2 %s\n", (f1 & (1u << 26)) ? "yes" : "no");
	if (f2 & 1u)
		puts("sse3");
	if ((f3 >> 8 & 0xff) == 0x40)
		puts("rare clflush size");
	printf("vendor %.12s\n", (char *)vendor);
	return 0;
}
