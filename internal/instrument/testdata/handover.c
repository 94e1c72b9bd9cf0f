/* Tables of handlers returning the next instruction (TestTableHandover):
 * every function of ops ends in a return of a value, so its one call takes
 * the result's words untested and its functions tag them with no address;
 * branchy, of odd, returns from both arms of an if, which a check of the
 * last statement alone does not tell from falling off its end. */
struct insn {
	int op;
	long arg;
};

struct machine {
	long acc;
};

typedef const struct insn *handler(struct machine *m, const struct insn *pc);

static const struct insn *next(const struct insn *pc) { return pc + 1; }

static const struct insn *add(struct machine *m, const struct insn *pc)
{
	m->acc += pc->arg;
	return next(pc);
}

static const struct insn *halt(struct machine *m, const struct insn *pc)
{
	(void)m;
	(void)pc;
	return 0;
}

static const struct insn *branchy(struct machine *m, const struct insn *pc)
{
	if (m->acc > pc->arg)
		return 0;
	else
		return next(pc);
}

static handler *const ops[2] = {add, halt};
static handler *const odd[1] = {branchy};

long run(const struct insn *pc)
{
	struct machine m = {0};
	const struct insn *at = pc;
	while (at)
		at = ops[at->op](&m, at);
	while (pc)
		pc = odd[0](&m, pc);
	return m.acc;
}
