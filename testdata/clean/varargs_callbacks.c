/* stdarg functions (a sentinel-terminated sum, a logger forwarding to
 * vfprintf on stdout and stderr), a dispatch table of function pointers, a
 * function returning a function pointer, and callbacks with a context. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int sum_until_zero(int first, ...)
{
	va_list ap;
	int total = 0;
	va_start(ap, first);
	for (int v = first; v != 0; v = va_arg(ap, int))
		total += v;
	va_end(ap);
	return total;
}

static double mean(int count, ...)
{
	va_list ap, copy;
	va_start(ap, count);
	va_copy(copy, ap);
	double s = 0;
	for (int i = 0; i < count; i++)
		s += va_arg(ap, double);
	double first = count > 0 ? va_arg(copy, double) : 0;
	va_end(copy);
	va_end(ap);
	printf("mean of %d values (first %.1f)\n", count, first);
	return count > 0 ? s / count : 0;
}

static void logmsg(FILE *f, const char *level, const char *fmt, ...)
{
	va_list ap;
	fprintf(f, "[%s] ", level);
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputc('\n', f);
}

typedef long binop(long, long);

static long add(long a, long b) { return a + b; }
static long sub(long a, long b) { return a - b; }
static long mul(long a, long b) { return a * b; }
static long mod(long a, long b) { return b != 0 ? a % b : 0; }

static const struct {
	char sym;
	binop *fn;
} ops[] = {{'+', add}, {'-', sub}, {'*', mul}, {'%', mod}};

static binop *lookup(char sym)
{
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
		if (ops[i].sym == sym)
			return ops[i].fn;
	return NULL;
}

/* Evaluates a postfix expression such as "3 4 + 5 *". */
static long eval(const char *expr)
{
	long stack[16];
	int sp = 0;
	for (const char *p = expr; *p != '\0'; p++) {
		if (*p >= '0' && *p <= '9') {
			char *end;
			stack[sp++] = strtol(p, &end, 10);
			p = end - 1;
		} else if (*p != ' ') {
			binop *fn = lookup(*p);
			long b = stack[--sp], a = stack[--sp];
			stack[sp++] = fn(a, b);
		}
	}
	return stack[0];
}

struct counter {
	int calls;
	long sum;
};

static void each(const int *v, size_t n, void (*cb)(int, void *), void *ctx)
{
	for (size_t i = 0; i < n; i++)
		cb(v[i], ctx);
}

static void accumulate(int x, void *ctx)
{
	struct counter *c = ctx;
	c->calls++;
	c->sum += x;
}

static void print_item(int x, void *ctx)
{
	printf("%s%d", *(int *)ctx ? ", " : "", x);
	*(int *)ctx = 1;
}

int main(void)
{
	printf("sum %d\n", sum_until_zero(5, 10, 20, 7, 0));
	printf("mean %.3f\n", mean(4, 1.0, 2.5, 4.0, 8.25));
	logmsg(stdout, "info", "%d workers, %s mode", 4, "fast");
	logmsg(stderr, "warn", "disk %d%% full", 93);

	const char *exprs[] = {"3 4 + 5 *", "100 7 % 2 -", "6 7 *"};
	for (int i = 0; i < 3; i++)
		printf("%s = %ld\n", exprs[i], eval(exprs[i]));
	printf("'/' is %s\n", lookup('/') != NULL ? "known" : "unknown");

	int v[] = {3, 1, 4, 1, 5, 9, 2, 6};
	struct counter c = {0, 0};
	each(v, 8, accumulate, &c);
	printf("%d calls, sum %ld\n", c.calls, c.sum);
	int started = 0;
	printf("items: ");
	each(v, 8, print_item, &started);
	printf("\n");
	void (*table[])(int, void *) = {accumulate, accumulate};
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		table[i](100, &c);
	printf("%d calls, sum %ld\n", c.calls, c.sum);
	return 0;
}
