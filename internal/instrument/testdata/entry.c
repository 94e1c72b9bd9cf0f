struct insn {
	int op;
	long arg;
};

typedef const struct insn *handler(long *, const struct insn *);

/* called only through ops, whose call's index reads pc->op: pc->arg
 * needs its upper bound alone */
static const struct insn *op_add(long *acc, const struct insn *pc)
{
	*acc += pc->arg;
	return pc + 1;
}

static const struct insn *op_halt(long *acc, const struct insn *pc)
{
	*acc -= pc->arg;
	return 0;
}

static handler *const ops[2] = {op_halt, op_add};

/* called through hops too, whose index reads no member of pc: fully
 * checked */
static const struct insn *hop_add(long *acc, const struct insn *pc)
{
	*acc += pc->arg;
	return pc + 1;
}

static handler *const hops[2] = {hop_add, hop_add};

/* called by name too, before its table's call: fully checked */
static const struct insn *nop_add(long *acc, const struct insn *pc)
{
	*acc += pc->arg;
	return pc + 1;
}

static handler *const nops[2] = {nop_add, nop_add};

long run(const struct insn *pc, int k)
{
	long acc = 0;
	while (pc)
		pc = ops[pc->op](&acc, pc);
	pc = hops[k](&acc, pc);
	pc = nop_add(&acc, pc);
	pc = nops[pc->op](&acc, pc);
	return acc;
}
