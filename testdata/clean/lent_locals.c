/* memlens:cflags -pthread
 *
 * Locals whose pointers only reach callees that dereference them (lent
 * locals, registered in the record of their position on the stack of
 * locals), mixed with locals whose pointers are kept: in recursion (each
 * frame's lent local checked against its own bounds after deeper frames
 * reused the positions above), in blocks of several, in a loop, declared
 * again after a goto and after a longjmp, in a signal handler that
 * interrupts a frame holding one, and in threads running all of it at
 * once. */
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

struct pair {
	long lo, hi;
};

static void put(long *p, long v) { *p = v; }
static long get(const long *p) { return *p; }
static void split(long v, struct pair *out)
{
	out->lo = v % 1000;
	out->hi = v / 1000;
}
static long sum(const long *v, int n)
{
	long s = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}

static __thread const long *kept; /* (per thread: the threads below all keep theirs) */
static void keep(const long *p) { kept = p; }

static long depth_sum(int depth)
{
	long mine, seen[3], here = depth;
	put(&mine, depth * 7L);
	keep(&here); /* kept: registered and retired as before */
	put(&seen[2], *kept);
	if (depth > 0) {
		long below = depth_sum(depth - 1);
		put(&seen[0], below);
	} else {
		put(&seen[0], 0);
	}
	put(&seen[1], get(&mine));
	{
		struct pair p;
		long a, b = (split(get(&mine) * 1001, &p), 2);
		put(&a, p.lo + b);
		seen[2] += get(&a) + p.hi;
	}
	return sum(seen, 3);
}

static long again(int n)
{
	long total = 0;
	int round = 0;
next:;
	long step;
	put(&step, n + round);
	total += get(&step);
	if (++round < 3)
		goto next;
	return total;
}

static jmp_buf env;

static void bounce(long *p)
{
	*p += 1;
	if (*p < 3)
		longjmp(env, 1);
}

static long after_longjmp(void)
{
	volatile int rounds = 0;
	setjmp(env);
	rounds++;
	long count;
	put(&count, rounds);
	bounce(&count);
	return get(&count) + rounds;
}

static volatile sig_atomic_t handled;

static void on_signal(int sig)
{
	long v[2];
	put(&v[0], sig);
	put(&v[1], depth_sum(3));
	handled = (sig_atomic_t)sum(v, 2);
}

static long interrupted(void)
{
	long before[2];
	put(&before[0], 11);
	raise(SIGUSR1);
	put(&before[1], 13);
	return sum(before, 2) + handled;
}

static void *run(void *arg)
{
	long n = (long)arg, total = 0;
	for (int i = 0; i < 200; i++) {
		char line[24];
		snprintf(line, sizeof line, "%d", i);
		total += depth_sum(8) + again(i) + (long)strlen(line);
	}
	return (void *)(total + n);
}

int main(void)
{
	pthread_t t[3];
	long args[3] = {1, 2, 3}, results = 0;
	signal(SIGUSR1, on_signal);
	printf("%ld %ld %ld\n", depth_sum(10), again(4), after_longjmp());
	printf("%ld\n", interrupted());
	for (int i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, run, (void *)args[i]);
	for (int i = 0; i < 3; i++) {
		void *r;
		pthread_join(t[i], &r);
		results += (long)r;
	}
	printf("%ld\n", results);
	return 0;
}
