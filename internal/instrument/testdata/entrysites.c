/* Tables of handlers taking an instruction pointer (TestEntrySites): ops
 * is called at one place only, so its handlers know the step their pc
 * arrives with; pairs is called at two. Each function on one line. */
struct insn {
	int op;
	long arg;
};

typedef const struct insn *handler(long *acc, const struct insn *pc);

static const struct insn *next(const struct insn *pc) { return pc + 1; }
static const struct insn *stay(const struct insn *pc) { return pc; }

static const struct insn *fold(long *acc, const struct insn *pc) { *acc += pc->arg; return next(pc); }
static const struct insn *keep(long *acc, const struct insn *pc) { *acc += stay(pc)->arg; return next(pc); }
static const struct insn *pair(long *acc, const struct insn *pc) { *acc -= pc->arg; return next(pc); }

static handler *const ops[2] = {fold, keep};
static handler *const pairs[1] = {pair};

long run(const struct insn *pc, long n)
{
	long acc = 0;
	while (n-- > 0)
		pc = ops[pc->op](&acc, pc);
	pc = pairs[0](&acc, pc);
	pc = pairs[0](&acc, pc);
	return acc + pc->arg;
}
