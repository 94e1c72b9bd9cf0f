/* Pointers to locals used only while the locals live: out-parameters,
 * caller buffers filled by callees, per-iteration buffers, one-past-the-end
 * cursors, a goto back over a declaration, declarations in switch bodies
 * and in for statements, and a recursion that hands each level a pointer
 * into its caller's frame. */
#include <stdio.h>
#include <string.h>

struct range {
	int lo, hi;
};

static void minmax(const int *v, int n, struct range *out)
{
	out->lo = out->hi = v[0];
	for (const int *p = v + 1; p != v + n; p++) {
		if (*p < out->lo)
			out->lo = *p;
		if (*p > out->hi)
			out->hi = *p;
	}
}

static int depth_sum(int level, const int *parent)
{
	int mine = level + (parent ? *parent : 0);
	if (level == 0)
		return mine;
	return depth_sum(level - 1, &mine);
}

static int parse_int(const char *s, const char **end)
{
	int v = 0;
	while (*s >= '0' && *s <= '9')
		v = v * 10 + (*s++ - '0');
	*end = s;
	return v;
}

static const char *label(int kind, char *buf, size_t n)
{
	switch (kind) {
		int k;
	case 0:
		k = 10;
		snprintf(buf, n, "zero/%d", k);
		break;
	default: {
		char tmp[8];
		snprintf(tmp, sizeof tmp, "%d", kind);
		snprintf(buf, n, "other/%s", tmp);
		break;
	}
	}
	return buf;
}

/* A computed goto enters a block past its declarations. */
static int dispatch(int op)
{
	static void *const table[] = {&&op_add, &&op_done};
	int acc = 10;
	int *pa = &acc;
	goto *table[op];
	{
		int regs[2] = {1, 2};
		int *r = regs;
		acc += r[1];
	op_add:
		*pa += 1;
	}
op_done:
	return *pa;
}

int main(void)
{
	int v[6] = {4, -2, 9, 0, 7, 3};
	struct range r;
	minmax(v, 6, &r);
	printf("range %d..%d\n", r.lo, r.hi);

	char *end = v[0] ? (char *)&v[6] : NULL; /* one past the end */
	printf("%td\n", end - (char *)v);

	long total = 0;
	for (int i = 0; i < 3; i++) {
		char line[16];
		snprintf(line, sizeof line, "%d%d", i, i);
		const char *rest;
		total += parse_int(line, &rest);
		total += (long)strlen(rest);
	}
	printf("total %ld\n", total);

	int tries = 0;
again:;
	char attempt[8];
	snprintf(attempt, sizeof attempt, "try%d", tries);
	char *a = attempt;
	if (++tries < 3)
		goto again;
	printf("%s\n", a);

	for (int i = 0, *pi = &i; *pi < 2; (*pi)++)
		printf("for %d\n", i);

	char buf[24];
	printf("%s %s\n", label(0, buf, sizeof buf), label(5, buf + 12, 12));
	printf("%d\n", depth_sum(5, NULL));
	printf("%d %d\n", dispatch(0), dispatch(1));
	return 0;
}
