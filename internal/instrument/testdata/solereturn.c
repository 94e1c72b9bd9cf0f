/* Helpers returning a pointer made from the machine's start
 * (TestSoleReturns): jump's body is its one return, whose step its callers
 * know; far returns from two places. Each caller returns the helper's
 * result. */
struct insn {
	int op;
	long arg;
};

struct machine {
	const struct insn *start;
	long acc;
};

static const struct insn *jump(struct machine *m, long target) { return m->start + target; }

static const struct insn *far(struct machine *m, long target)
{
	if (target < 0)
		return m->start;
	return m->start + 2 * target;
}

const struct insn *op_jmp(struct machine *m, const struct insn *pc) { return jump(m, pc->arg); }
const struct insn *op_far(struct machine *m, const struct insn *pc) { return far(m, pc->arg); }
