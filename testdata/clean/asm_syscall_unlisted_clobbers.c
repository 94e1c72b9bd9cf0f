/* A struct written by a syscall made in an asm statement whose clobbers
 * leave out rcx and r11, which the syscall instruction overwrites (lzo
 * 2.10's lzo_pclock_syscall_clock_gettime, "=m"(*ts) and only "cc"). gcc's
 * own code keeps nothing there across the asm; with full checking the
 * code marking *ts written ran after the asm and gcc kept ts in rcx for
 * it: the syscall's return address was marked instead, and lzotest's
 * timing read a false UNINITIALIZED-READ. The marking runs before the asm. */
#include <stdio.h>
#include <time.h>

static __attribute__((noinline)) long clock_syscall(long clockid, struct timespec *ts)
{
	unsigned long r = 228; /* SYS_clock_gettime */
	__asm__ __volatile__("syscall\n" : "=a"(r), "=m"(*ts) : "0"(r), "D"(clockid), "S"(ts) : "cc");
	return (long)r;
}

struct two {
	int a, b;
};

static void fill(struct two *t)
{
	__asm__("movl $1, %0\n\tmovl $2, 4+%0" : "=m"(*t));
}

int main(void)
{
	struct timespec ts;
	if (clock_syscall(CLOCK_MONOTONIC, &ts) != 0)
		return 1;
	struct two t;
	fill(&t);
	printf("%s %d\n", ts.tv_sec >= 0 && ts.tv_nsec < 1000000000 ? "ok" : "bad", t.a + t.b);
	return 0;
}
