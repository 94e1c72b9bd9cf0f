/* A function's end retires the locals registered at its own depth: kept
 * locals (their addresses stored where they outlive the call) and lent
 * ones beyond its frame's records, on the stack of locals. The callers'
 * stay valid after each return: across nested depths, blocks with scopes
 * of their own, a return from inside one, recursion past the frame slots
 * (256), a longjmp out of deep frames back to a middle one and to main,
 * and frames that registered nothing themselves. */
#include <setjmp.h>
#include <stdio.h>

#define DEEP 300

static long *kept[DEEP + 1];
static jmp_buf to_main, to_middle;

static void keep(int d, long *p) { kept[d] = p; }
static long get(const long *p) { return *p; }
static void put(long *p, long v) { *p = v; }

/* six lent scalars: the last two past its frame's records */
static long six(long v)
{
	long a, b, c, d, e, f;
	put(&a, v);
	put(&b, v + 1);
	put(&c, v + 2);
	put(&d, v + 3);
	put(&e, v + 4);
	put(&f, v + 5);
	return get(&a) + get(&b) + get(&c) + get(&d) + get(&e) + get(&f);
}

/* registers nothing of its own: its end retires nothing of its caller's */
static long plain(int d) { return d > 0 ? six(d) - 15 : 0; }

static long deep(int d, int jump)
{
	long mine[2] = {d, 0}, lent;
	keep(d, mine);
	put(&lent, six(d) + plain(d));
	if (d > 0)
		mine[1] = deep(d - 1, jump);
	else if (jump == 1)
		longjmp(to_main, 1);
	else if (jump == 2)
		longjmp(to_middle, 1);
	{
		long inner[3] = {1, 2, 3};
		keep(d, inner);
		if (d % 7 == 0)
			return get(&inner[2]) + mine[0] + mine[1];
		mine[1] += get(&inner[0]);
	}
	keep(d, mine);
	return get(&kept[d][0]) + mine[1] + get(&lent) - 7 * d - 15;
}

static long middle(void)
{
	long here[2] = {40, 2};
	keep(DEEP, here);
	if (setjmp(to_middle) == 0)
		deep(20, 2);
	/* the jumped frames' locals are gone, this one's live on */
	return get(&here[0]) + get(&kept[DEEP][1]) + deep(5, 0);
}

int main(void)
{
	long total = 0, own[2] = {1000, 0};
	long *mine = own;
	volatile int jumped = 0;
	if (setjmp(to_main) == 0)
		deep(DEEP, 1);
	else
		jumped = 1;
	for (int round = 0; round < 3; round++)
		total += deep(DEEP, 0) + middle();
	mine[1] = total;
	printf("%d %ld %ld\n", jumped, get(&own[0]), get(&mine[1]));
	return 0;
}
