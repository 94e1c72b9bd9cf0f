#include <stdio.h>
#include <string.h>

struct result {
	int count;
	char tag[8];
};

void run(struct result *out, int *status, void (*progress)(int, const char *));
void run_ticking(struct result *out, void (*tick)(void));
void run_twice(struct result *out, void (*step)(int));
int weight(int x);

static int seen;

static int weigh(int step, const char *what)
{
	return step * (int)strlen(what);
}

/* instrumented code the library calls back, itself calling instrumented
 * code */
static void progress(int step, const char *what)
{
	seen += weigh(step, what);
}

/* the same with no arguments to take */
static void tick(void)
{
	seen += weigh(3, "tick");
}

/* called twice, calling the library's own helper, whose call leaves its
 * word behind */
static void tally(int step)
{
	seen += weight(step);
}

/* called back, calling the library again, which calls tick back before
 * it writes what this one passed it */
static void nested(int step)
{
	struct result inner;
	run_ticking(&inner, tick);
	seen += step * inner.count;
}

int main(void)
{
	struct result r;
	int status;
	int never;
	run(&r, &status, progress);
	if (status == 0 && r.count == 3 && r.tag[7] == 'h')
		printf("%d %.8s %d\n", r.count, r.tag, seen);
	struct result q;
	run_ticking(&q, tick);
	if (q.count == 4 && q.tag[7] == 'p')
		printf("%d %.8s %d\n", q.count, q.tag, seen);
	struct result t, n;
	run_twice(&t, tally);
	if (t.count == 5 && t.tag[7] == 'x')
		printf("%d %.8s %d\n", t.count, t.tag, seen);
	run_twice(&n, nested);
	if (n.count == 5 && n.tag[0] == 'q')
		printf("%d %.8s %d\n", n.count, n.tag, seen);
	return never > 0;
}
