/* errors.c: the bug kinds, as data.
 *
 * Names are paper 000's rule names (Fig. 2) and are stable: they appear in
 * text reports, in the JSON "kind" field and in options. A new kind is a
 * row here (and an enum value in internal.h) plus a rule of that name in
 * internal/rules/default.rules, or for a fatal signal a case in signals.c;
 * nothing else switches on kinds. A program's own rules (memlens cc
 * --memlens-rules) add kinds of their names after these (rules.h).
 */
#include "rules.h"


const struct ml_kind_info ml_kinds[ML_NKINDS] = {
	[ML_HEAP_BUFFER_OVERFLOW] = {
		"HEAP-BUFFER-OVERFLOW",
		"access outside the bounds of the live heap block the pointer was derived from",
	},
	[ML_DANGLING_POINTER_DEREF] = {
		"DANGLING-POINTER-DEREF",
		"access through a pointer whose heap block has been freed",
	},
	[ML_DOUBLE_FREE] = {
		"DOUBLE-FREE",
		"free (or realloc) of a heap block that has already been freed",
	},
	[ML_UNMATCHED_FREE] = {
		"UNMATCHED-FREE",
		"free (or realloc) of a pointer that is not the start of a heap block",
	},
	[ML_NULL_POINTER_DEREF] = {
		"NULL-POINTER-DEREF",
		"access through a NULL pointer (or at a small offset from NULL)",
	},
	[ML_STACK_BUFFER_OVERFLOW] = {
		"STACK-BUFFER-OVERFLOW",
		"access outside the bounds of a local variable (through a pointer) or a local array",
	},
	[ML_GLOBAL_BUFFER_OVERFLOW] = {
		"GLOBAL-BUFFER-OVERFLOW",
		"access outside the bounds of a global variable (through a pointer) or a global or static array",
	},
	[ML_INTRA_OBJECT_OVERFLOW] = {
		"INTRA-OBJECT-OVERFLOW",
		"index past the bounds of an array member, into the rest of its struct or beyond",
	},
	[ML_USE_AFTER_RETURN] = {
		"USE-AFTER-RETURN",
		"access through a pointer to a local variable of a function that has returned",
	},
	[ML_USE_AFTER_SCOPE] = {
		"USE-AFTER-SCOPE",
		"access through a pointer to a local variable after the block declaring it ended",
	},
	[ML_INVALID_DEREF] = {
		"INVALID-DEREF",
		"access through a pointer that belongs to no object: never initialized, or an address no object can have",
	},
	[ML_UNINITIALIZED_READ] = {
		"UNINITIALIZED-READ",
		"use of a value (a branch, arithmetic, an index, an argument, libc reading it) that was never written",
	},
	[ML_READ_ONLY_WRITE] = {
		"READ-ONLY-WRITE",
		"write into a read-only object: a string literal or a const variable",
	},
	[ML_MEMORY_LEAK] = {
		"MEMORY-LEAK",
		"a heap block no longer reachable by the program (definitely, indirectly or possibly lost)",
	},
	/* The kinds of fatal signals (signals.c): the kernel stopped an
	 * instruction no check caught (SIGSEGV, SIGBUS at a bad address are
	 * INVALID-DEREF, NULL-POINTER-DEREF or READ-ONLY-WRITE). */
	[ML_STACK_OVERFLOW] = {
		"STACK-OVERFLOW",
		"the thread's stack is exhausted (SIGSEGV just below it): unbounded recursion, or locals too large",
	},
	[ML_ARITHMETIC_ERROR] = {
		"ARITHMETIC-ERROR",
		"an arithmetic fault (SIGFPE): integer division by zero, or the most negative value divided by -1",
	},
	[ML_ILLEGAL_INSTRUCTION] = {
		"ILLEGAL-INSTRUCTION",
		"an instruction the processor refuses (SIGILL): __builtin_trap(), a path gcc proved faulting, or a jump into data",
	},
	/* typestate.c: an access its code has no permission for (paper 003) */
	[ML_TYPESTATE_VIOLATION] = {
		"TYPESTATE-VIOLATION",
		"an access to memory in a typestate the code has no permission for, or a failed PCK_ASSERT (docs/TYPESTATE.md)",
	},
};

const ml_kinds_on_t ml_kinds_default = {
	[ML_HEAP_BUFFER_OVERFLOW] = 1,
	[ML_DANGLING_POINTER_DEREF] = 1,
	[ML_DOUBLE_FREE] = 1,
	[ML_UNMATCHED_FREE] = 1,
	[ML_NULL_POINTER_DEREF] = 1,
	[ML_STACK_BUFFER_OVERFLOW] = 1,
	[ML_GLOBAL_BUFFER_OVERFLOW] = 1,
	[ML_INTRA_OBJECT_OVERFLOW] = 1,
	[ML_USE_AFTER_RETURN] = 1,
	[ML_USE_AFTER_SCOPE] = 1,
	[ML_INVALID_DEREF] = 1,
	[ML_UNINITIALIZED_READ] = 1,
	[ML_READ_ONLY_WRITE] = 1,
	[ML_MEMORY_LEAK] = 1,
	[ML_STACK_OVERFLOW] = 1,
	[ML_ARITHMETIC_ERROR] = 1,
	[ML_ILLEGAL_INSTRUCTION] = 1,
	[ML_TYPESTATE_VIOLATION] = 1,
	[ML_USER_KIND(0)... ML_KINDS_MAX - 1] = 1,
};

const char *ml_kind_name(unsigned k)
{
	if (k < ML_NKINDS)
		return ml_kinds[k].name;
	const struct ml_ruleset *rs = ml_ruleset();
	if (rs && k >= ML_USER_KIND(0) && k - ML_USER_KIND(0) < rs->nkinds)
		return rs->kinds[k - ML_USER_KIND(0)];
	return "?";
}
