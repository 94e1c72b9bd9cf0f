/* Pointers moved in place in memory: the shadow word's meta and the new
 * value's hash each taken with one and (e2e's TestMoveInstructions). */
struct stack {
	long *sp, *end;
};

void push(struct stack *s, long v)
{
	*s->sp++ = v;
}

long pop(struct stack *s)
{
	return *--s->sp;
}

void skip(struct stack *s)
{
	s->sp++;
}

void clear(struct stack *s)
{
	s->end = 0;
}
