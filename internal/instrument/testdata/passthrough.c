/* Helpers returning their parameter as it came (vm.c's next(pc)), and
 * their callers returning the result (TestPassThrough): each function on
 * one line. */
struct insn {
	int op;
	long arg;
};

static const struct insn *next(const struct insn *pc) { return pc + 1; }
static const struct insn *later(const struct insn *pc);
static const struct insn *skip_later(const struct insn *pc) { return later(pc); }
static const struct insn *later(const struct insn *pc) { return pc + 2; }
static const struct insn *logged(const struct insn *pc) { long a = pc->arg; return pc + a; }
static const struct insn *skip_logged(const struct insn *pc) { return logged(pc); }
static const struct insn *skip(const struct insn *pc) { return next(pc); }
static const struct insn *skip_cast(const struct insn *pc) { return (const struct insn *)(next(pc)); }
static const struct insn *skip_kept(const struct insn *pc) { const struct insn *q = next(pc); return q; }

const struct insn *run(const struct insn *pc)
{
	return skip_later(skip_logged(skip(skip_cast(skip_kept(pc)))));
}
