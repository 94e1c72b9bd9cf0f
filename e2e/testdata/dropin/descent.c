/* A recursive-descent parser as deep as the native build manages: nested
 * lists, [[[...]]], 60,000 levels. Each level's call is followed by work
 * on its result, so no optimisation turns the recursion into a loop. */
#include <stdio.h>
#include <stdlib.h>

struct parser {
	const char *s;
	long items;
};

static long parse_value(struct parser *p);

/* list: '[' value* ']'; its weight is its items' summed, plus one */
static long parse_list(struct parser *p)
{
	long weight = 1;
	p->s++;
	while (*p->s == '[' || *p->s == '0')
		weight += parse_value(p) % 1000003;
	if (*p->s != ']') {
		fprintf(stderr, "expected ] at %c\n", *p->s);
		exit(1);
	}
	p->s++;
	return weight;
}

static long parse_value(struct parser *p)
{
	p->items++;
	if (*p->s == '0') {
		p->s++;
		return 0;
	}
	return parse_list(p) * 3;
}

int main(int argc, char **argv)
{
	long depth = argc > 1 ? atol(argv[1]) : 60000;
	char *text = malloc(2 * depth + 2);
	for (long i = 0; i < depth; i++) {
		text[i] = '[';
		text[2 * depth - i] = ']';
	}
	text[depth] = '0';
	text[2 * depth + 1] = '\0';
	struct parser p = {text, 0};
	long w = parse_value(&p);
	printf("%ld items, weight %ld\n", p.items, w);
	free(text);
	return 0;
}
