/* Pointers in memory moved by the access through them (TestMovedAccess). */
struct stack {
	long *sp, *base;
};
struct pair {
	long a, b;
};
struct cursor {
	struct pair *p;
	char *at;
};

void push(struct stack *s, long v) {
	*s->sp++ = v;
}

long pop(struct stack *s) {
	return *--s->sp;
}

void put(struct cursor *c, char ch) {
	*(c->at++) = ch;
}

long first(struct cursor *c) {
	return (*c->p++).a;
}

long back(struct stack *s) {
	return *s->sp--;
}

long *bump(struct stack *s) {
	return &*s->sp++;
}
