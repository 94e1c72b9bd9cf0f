/* A recursive static function taking four arguments and then three
 * pointers it passes on (Lua's singlevaraux: the function state, the
 * name, the expression), the first one changed at each level: optimised,
 * the three pointers' extra words go through the thread's words, not
 * pushed, and each level's calls of other functions in between set those
 * words for their own callees. The pointers come from the heap, the
 * stack and a global, so a wrong word would be a wrong report. Nothing
 * to report, at -O0 and -O2. */
#include <stdio.h>
#include <stdlib.h>

struct scope {
	struct scope *prev;
	const char *names[3];
	int upvals;
};

struct expr {
	int kind, index;
};

static const char globalname[] = "print";

static int search(const struct scope *s, const char *name)
{
	for (int i = 0; i < 3; i++)
		if (s->names[i] && s->names[i][0] == name[0] && s->names[i][1] == name[1])
			return i;
	return -1;
}

static int addupval(struct scope *s, struct expr *e)
{
	s->upvals += e->index + 1;
	return s->upvals;
}

static void resolve(struct scope *s, const char *name, struct expr *e, int base)
{
	int v = search(s, name);
	if (v >= 0) {
		e->kind = base ? 1 : 2;
		e->index = v;
		return;
	}
	if (s->prev)
		resolve(s->prev, name, e, 0);
	if (e->kind != 0)
		e->index = addupval(s, e);
}

int main(void)
{
	struct scope *outer = calloc(1, sizeof *outer), *middle = calloc(1, sizeof *middle);
	struct scope inner = {middle, {"ab", NULL, "cd"}, 0};
	outer->names[1] = "xy";
	outer->names[2] = globalname;
	middle->prev = outer;
	middle->names[0] = "mm";
	const char *lookups[] = {"cd", "mm", "xy", "pr", "zz"};
	long sum = 0;
	for (int round = 0; round < 3; round++)
		for (int i = 0; i < 5; i++) {
			struct expr *e = malloc(sizeof *e);
			e->kind = 0;
			e->index = -1;
			resolve(&inner, lookups[i], e, 1);
			sum += e->kind * 100 + e->index;
			printf("%s: kind %d index %d\n", lookups[i], e->kind, e->index);
			free(e);
		}
	printf("sum %ld upvals %d %d %d\n", sum, inner.upvals, middle->upvals, outer->upvals);
	free(middle);
	free(outer);
	return 0;
}
