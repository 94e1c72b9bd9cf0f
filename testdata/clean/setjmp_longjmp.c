/* A recursive-descent calculator that reports syntax errors with longjmp
 * back to the caller; volatile locals keep their values across the jump and
 * the heap copy of the input is freed on both paths. */
#include <ctype.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct parser {
	const char *p;
	jmp_buf fail;
	const char *error;
	int depth;
};

static long expr(struct parser *ps);

static void error(struct parser *ps, const char *msg)
{
	ps->error = msg;
	longjmp(ps->fail, 1);
}

static void skip(struct parser *ps)
{
	while (isspace((unsigned char)*ps->p))
		ps->p++;
}

static long primary(struct parser *ps)
{
	skip(ps);
	if (*ps->p == '(') {
		ps->p++;
		if (++ps->depth > 8)
			error(ps, "nested too deeply");
		long v = expr(ps);
		skip(ps);
		if (*ps->p != ')')
			error(ps, "expected ')'");
		ps->p++;
		ps->depth--;
		return v;
	}
	if (!isdigit((unsigned char)*ps->p))
		error(ps, "expected a number");
	long v = 0;
	while (isdigit((unsigned char)*ps->p))
		v = v * 10 + (*ps->p++ - '0');
	return v;
}

static long term(struct parser *ps)
{
	long v = primary(ps);
	for (;;) {
		skip(ps);
		char op = *ps->p;
		if (op != '*' && op != '/')
			return v;
		ps->p++;
		long r = primary(ps);
		if (op == '/' && r == 0)
			error(ps, "division by zero");
		v = op == '*' ? v * r : v / r;
	}
}

static long expr(struct parser *ps)
{
	long v = term(ps);
	for (;;) {
		skip(ps);
		char op = *ps->p;
		if (op != '+' && op != '-')
			return v;
		ps->p++;
		long r = term(ps);
		v = op == '+' ? v + r : v - r;
	}
}

static int evaluate(const char *text, long *out)
{
	char *copy = strdup(text);
	if (copy == NULL)
		return -1;
	struct parser ps = {.p = copy};
	volatile int ok = 0;
	if (setjmp(ps.fail) == 0) {
		long v = expr(&ps);
		skip(&ps);
		if (*ps.p != '\0')
			error(&ps, "trailing input");
		*out = v;
		ok = 1;
	} else {
		printf("  error at offset %td: %s\n", ps.p - copy, ps.error);
	}
	free(copy);
	return ok ? 0 : -1;
}

int main(void)
{
	const char *inputs[] = {
		"1 + 2 * 3",
		"(1 + 2) * 3",
		"10 / (5 - 5)",
		"2 * (3 + 4",
		"((((((((((1))))))))))",
		"7 - 2 - 1 x",
		"  42  ",
	};
	volatile int failures = 0;
	for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
		long v;
		printf("%s\n", inputs[i]);
		if (evaluate(inputs[i], &v) == 0)
			printf("  = %ld\n", v);
		else
			failures++;
	}
	printf("%d failures\n", failures);
	return 0;
}
