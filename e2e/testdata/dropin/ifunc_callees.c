/* An indirect function's resolver calling static helpers, one of them
 * through the other, with locals whose addresses escape: they run before
 * the runtime is set up as the resolver does, so memlens leaves them as
 * written too (instrumented, the helpers' registrations crashed before
 * main). main calls a helper as well. */
#include <stdio.h>
#include <string.h>

static int scale_plain(int x) { return x * 2; }
static int scale_fast(int x) { return x << 1; }

static int cpu_flags(char *out, int n)
{
    __builtin_cpu_init();
    char names[2][8] = {"sse2", "avx"};
    int k = 0;
    for (int i = 0; i < 2 && k < n; i++)
        if (__builtin_cpu_supports("sse2"))
            out[k++] = names[i][0];
    return k;
}

static int have_sse2(void)
{
    char buf[4];
    return cpu_flags(buf, (int)sizeof buf) > 0 && buf[0] == 's';
}

static void *pick_scale(void) {
    int (*f)(int) = have_sse2() ? scale_fast : scale_plain;
    return (void *)f;
}

int scale(int) __attribute__((ifunc("pick_scale")));

int main(void) {
    int v[4] = {1, 2, 3, 4}, sum = 0;
    char buf[4];
    for (int i = 0; i < 4; i++)
        sum += scale(v[i]);
    printf("%d %d\n", sum, cpu_flags(buf, 4));
    return 0;
}
