#include <stdio.h>
#include <string.h>

struct result {
	int count;
	char tag[8];
};

void run(struct result *out, int *status, void (*progress)(int, const char *));
void run_ticking(struct result *out, void (*tick)(void));

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
	return never > 0;
}
