/* Tables of handlers taking a machine and an instruction pointer
 * (TestEntrySites): ops is called at one place only, so its handlers know
 * the steps their arguments arrive with (branch returning next(pc) from a
 * conditional's arm too); pairs is called at two. Each function on one
 * line. */
struct insn {
	int op;
	long arg;
};

struct machine {
	long acc;
};

typedef const struct insn *handler(struct machine *m, const struct insn *pc);

static const struct insn *next(const struct insn *pc) { return pc + 1; }
static const struct insn *stay(const struct insn *pc) { return pc; }
static void add(struct machine *m, long v) { m->acc += v; }
static const struct insn *code;
static const struct insn *at(long i) { return code + i; }

static const struct insn *fold(struct machine *m, const struct insn *pc) { add(m, pc->arg); return next(pc); }
static const struct insn *keep(struct machine *m, const struct insn *pc) { add(m, stay(pc)->arg); return next(pc); }
static const struct insn *pair(struct machine *m, const struct insn *pc) { add(m, -pc->arg); return next(pc); }
static const struct insn *branch(struct machine *m, const struct insn *pc) { return m->acc ? next(pc) : at(pc->arg); }
static const struct insn *either(struct machine *m, const struct insn *pc) { return m->acc ? next(pc) : stay(pc); }

static handler *const ops[4] = {fold, keep, branch, either};
static handler *const pairs[1] = {pair};

long run(const struct insn *pc, long n)
{
	struct machine m = {0};
	code = pc;
	while (n-- > 0)
		pc = ops[pc->op](&m, pc);
	pc = pairs[0](&m, pc);
	pc = pairs[0](&m, pc);
	return m.acc + pc->arg;
}
