/* A static inline function that keeps a label's address in a static
 * (gcc's torture 20071220-2): gcc never copies such a function, so memlens
 * must not make it always_inline, as it does for a declared-inline one
 * called from few places (the build failed: "function 'answer' can never
 * be copied because it saves address of local label in a static
 * variable"). */
#include <stdio.h>

static void *__attribute__((noinline)) through(void **p)
{
	__asm__ volatile("" : "+r"(p));
	return *p;
}

static inline int answer(int *out)
{
	static void *where[] = {&&done};
	through(where);
	*out = 1;
done:
	return *out + 41;
}

static int __attribute__((noinline)) first(void)
{
	int v;
	return answer(&v);
}

static int __attribute__((noinline)) second(void)
{
	int v;
	return answer(&v) + 1;
}

int main(void)
{
	printf("%d %d\n", first(), second());
	return 0;
}
