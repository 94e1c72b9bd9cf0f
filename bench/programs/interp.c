/* interp.c: a tree-walking interpreter for a small language.
 * Tokenises and parses a program (functions, recursion, loops, locals)
 * into malloc'd syntax nodes, then runs it: every call allocates its
 * frame, whose variables are a linked list of malloc'd cells looked up
 * by name. Prints a checksum of everything the program printed.
 * memlens:bench
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *program =
	"def fib(n) { if (n < 2) { return n; } return fib(n - 1) + fib(n - 2); }\n"
	"def collatz(n) { steps = 0; while (n > 1) { if (n % 2 == 0) { n = n / 2; } else { n = 3 * n + 1; }"
	" steps = steps + 1; } return steps; }\n"
	"def isprime(n) { if (n < 2) { return 0; } d = 2; while (d * d < n + 1) {"
	" if (n % d == 0) { return 0; } d = d + 1; } return 1; }\n"
	"def main() { print fib(24); i = 1; total = 0; while (i < 30000) { total = total + collatz(i);"
	" i = i + 1; } print total; count = 0; k = 0; while (k < 150000) { count = count + isprime(k);"
	" k = k + 1; } print count; return 0; }\n";

enum kind { NUM, VAR, BIN, CALL, ASSIGN, WHILE, IF, RETURN, PRINT, BLOCK };

struct node {
	enum kind kind;
	long num;
	char op;          /* BIN: + - * / % < > = (==) */
	char name[16];    /* VAR, CALL, ASSIGN */
	struct node *a, *b, *c;
	struct node **items; /* BLOCK statements, CALL arguments */
	int nitems;
};

struct func {
	char name[16];
	char params[4][16];
	int nparams;
	struct node *body;
	struct func *next;
};

struct cell {
	char name[16];
	long value;
	struct cell *next;
};

static const char *src;
static char tok[16];
static long toknum;
static struct func *funcs;
static unsigned long long checksum = 1469598103934665603ULL;

static void next(void)
{
	while (isspace((unsigned char)*src))
		src++;
	if (isdigit((unsigned char)*src)) {
		toknum = strtol(src, (char **)&src, 10);
		strcpy(tok, "0");
		return;
	}
	int n = 0;
	if (isalpha((unsigned char)*src)) {
		while (isalnum((unsigned char)*src) && n < 15)
			tok[n++] = *src++;
	} else if (*src == '=' && src[1] == '=') {
		tok[n++] = *src++;
		tok[n++] = *src++;
	} else if (*src) {
		tok[n++] = *src++;
	}
	tok[n] = 0;
}

static void expect(const char *t)
{
	if (strcmp(tok, t) != 0) {
		fprintf(stderr, "expected %s, found %s\n", t, tok);
		exit(1);
	}
	next();
}

static struct node *new_node(enum kind kind)
{
	struct node *n = calloc(1, sizeof *n);
	if (!n)
		exit(1);
	n->kind = kind;
	return n;
}

static void add_item(struct node *n, struct node *item)
{
	n->items = realloc(n->items, (size_t)(n->nitems + 1) * sizeof *n->items);
	if (!n->items)
		exit(1);
	n->items[n->nitems++] = item;
}

static struct node *expr(void);

static struct node *primary(void)
{
	struct node *n;
	if (strcmp(tok, "0") == 0) {
		n = new_node(NUM);
		n->num = toknum;
		next();
	} else if (strcmp(tok, "(") == 0) {
		next();
		n = expr();
		expect(")");
	} else {
		n = new_node(VAR);
		strcpy(n->name, tok);
		next();
		if (strcmp(tok, "(") == 0) {
			n->kind = CALL;
			next();
			while (strcmp(tok, ")") != 0) {
				add_item(n, expr());
				if (strcmp(tok, ",") == 0)
					next();
			}
			next();
		}
	}
	return n;
}

static struct node *binary(struct node *a, char op, struct node *b)
{
	struct node *n = new_node(BIN);
	n->op = op;
	n->a = a;
	n->b = b;
	return n;
}

static struct node *term(void)
{
	struct node *n = primary();
	while (strchr("*/%", tok[0]) && tok[0]) {
		char op = tok[0];
		next();
		n = binary(n, op, primary());
	}
	return n;
}

static struct node *sum(void)
{
	struct node *n = term();
	while ((tok[0] == '+' || tok[0] == '-') && tok[1] == 0) {
		char op = tok[0];
		next();
		n = binary(n, op, term());
	}
	return n;
}

static struct node *expr(void)
{
	struct node *n = sum();
	if (strcmp(tok, "<") == 0 || strcmp(tok, ">") == 0 || strcmp(tok, "==") == 0) {
		char op = tok[0];
		next();
		n = binary(n, op, sum());
	}
	return n;
}

static struct node *block(void);

static struct node *statement(void)
{
	struct node *n;
	if (strcmp(tok, "while") == 0 || strcmp(tok, "if") == 0) {
		n = new_node(tok[0] == 'w' ? WHILE : IF);
		next();
		expect("(");
		n->a = expr();
		expect(")");
		n->b = block();
		if (n->kind == IF && strcmp(tok, "else") == 0) {
			next();
			n->c = block();
		}
		return n;
	}
	if (strcmp(tok, "return") == 0 || strcmp(tok, "print") == 0) {
		n = new_node(tok[0] == 'r' ? RETURN : PRINT);
		next();
		n->a = expr();
	} else {
		n = new_node(ASSIGN);
		strcpy(n->name, tok);
		next();
		expect("=");
		n->a = expr();
	}
	expect(";");
	return n;
}

static struct node *block(void)
{
	struct node *n = new_node(BLOCK);
	expect("{");
	while (strcmp(tok, "}") != 0)
		add_item(n, statement());
	next();
	return n;
}

static void parse(const char *text)
{
	src = text;
	next();
	struct func **tail = &funcs;
	while (tok[0]) {
		expect("def");
		struct func *f = calloc(1, sizeof *f);
		if (!f)
			exit(1);
		strcpy(f->name, tok);
		next();
		expect("(");
		while (strcmp(tok, ")") != 0) {
			strcpy(f->params[f->nparams++], tok);
			next();
			if (strcmp(tok, ",") == 0)
				next();
		}
		next();
		f->body = block();
		*tail = f;
		tail = &f->next;
	}
}

static struct cell **lookup(struct cell **frame, const char *name)
{
	for (struct cell **c = frame; *c; c = &(*c)->next)
		if (strcmp((*c)->name, name) == 0)
			return c;
	return NULL;
}

static void set(struct cell **frame, const char *name, long value)
{
	struct cell **c = lookup(frame, name);
	if (c) {
		(*c)->value = value;
		return;
	}
	struct cell *nc = malloc(sizeof *nc);
	if (!nc)
		exit(1);
	strcpy(nc->name, name);
	nc->value = value;
	nc->next = *frame;
	*frame = nc;
}

static long call(const char *name, long *args, int nargs);

/* Runs n in frame; returns 1 when a return statement ran (its value in
 * *ret). */
static int exec(struct node *n, struct cell **frame, long *ret);

static long eval(struct node *n, struct cell **frame)
{
	switch (n->kind) {
	case NUM:
		return n->num;
	case VAR: {
		struct cell **c = lookup(frame, n->name);
		return c ? (*c)->value : 0;
	}
	case CALL: {
		long args[4] = {0};
		for (int i = 0; i < n->nitems && i < 4; i++)
			args[i] = eval(n->items[i], frame);
		return call(n->name, args, n->nitems);
	}
	case BIN: {
		long a = eval(n->a, frame), b = eval(n->b, frame);
		switch (n->op) {
		case '+':
			return a + b;
		case '-':
			return a - b;
		case '*':
			return a * b;
		case '/':
			return b ? a / b : 0;
		case '%':
			return b ? a % b : 0;
		case '<':
			return a < b;
		case '>':
			return a > b;
		default:
			return a == b;
		}
	}
	default:
		return 0;
	}
}

static int exec(struct node *n, struct cell **frame, long *ret)
{
	switch (n->kind) {
	case BLOCK:
		for (int i = 0; i < n->nitems; i++)
			if (exec(n->items[i], frame, ret))
				return 1;
		return 0;
	case ASSIGN:
		set(frame, n->name, eval(n->a, frame));
		return 0;
	case WHILE:
		while (eval(n->a, frame))
			if (exec(n->b, frame, ret))
				return 1;
		return 0;
	case IF:
		if (eval(n->a, frame))
			return exec(n->b, frame, ret);
		return n->c ? exec(n->c, frame, ret) : 0;
	case RETURN:
		*ret = eval(n->a, frame);
		return 1;
	case PRINT: {
		long v = eval(n->a, frame);
		checksum = (checksum ^ (unsigned long long)v) * 1099511628211ULL;
		return 0;
	}
	default:
		eval(n, frame);
		return 0;
	}
}

static long call(const char *name, long *args, int nargs)
{
	struct func *f = funcs;
	while (f && strcmp(f->name, name) != 0)
		f = f->next;
	if (!f)
		return 0;
	struct cell *frame = NULL;
	for (int i = 0; i < f->nparams && i < nargs; i++)
		set(&frame, f->params[i], args[i]);
	long ret = 0;
	exec(f->body, &frame, &ret);
	while (frame) {
		struct cell *c = frame;
		frame = c->next;
		free(c);
	}
	return ret;
}

static void free_node(struct node *n)
{
	if (!n)
		return;
	free_node(n->a);
	free_node(n->b);
	free_node(n->c);
	for (int i = 0; i < n->nitems; i++)
		free_node(n->items[i]);
	free(n->items);
	free(n);
}

int main(void)
{
	parse(program);
	long status = call("main", NULL, 0);
	printf("interp: status=%ld checksum=%016llx\n", status, checksum);
	while (funcs) {
		struct func *f = funcs;
		funcs = f->next;
		free_node(f->body);
		free(f);
	}
	return 0;
}
