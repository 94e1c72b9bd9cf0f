/* A GNU indirect function: the dynamic linker calls its resolver while it
 * relocates the program, before any constructor (memlens's runtime setup)
 * has run. Instrumented, the resolver crashed before main at -O0 in full
 * mode; memlens leaves it as written. */
#include <stdio.h>

static int scale_plain(int x) { return x * 2; }
static int scale_fast(int x) { return x << 1; }

static void *pick_scale(void) {
    __builtin_cpu_init();
    int (*f)(int) = __builtin_cpu_supports("sse2") ? scale_fast : scale_plain;
    return (void *)f;
}

int scale(int) __attribute__((ifunc("pick_scale")));

int main(void) {
    int v[4] = {1, 2, 3, 4}, sum = 0;
    for (int i = 0; i < 4; i++)
        sum += scale(v[i]);
    printf("%d\n", sum);
    return 0;
}
