/* jumps.c: longjmp and pthread_exit out of instrumented frames under
 * loss tracking and definedness.
 *
 * longjmp skips the frames between it and the setjmp it returns to, and
 * with them the cleanups that drop the references of their pointer locals
 * (__ml_scope_drop): blocks only those locals held would never be found
 * lost. Units built for full checking are compiled with -fexceptions,
 * which gives those cleanups landing pads, and a longjmp from instrumented
 * code (__ml_longjmp) first unwinds the frames it skips with
 * _Unwind_ForcedUnwind, as glibc's thread cancellation does: their
 * cleanups run, at the longjmp's statement. Then it jumps. With
 * definedness tracked it unwinds too: the cleanups set the skipped locals
 * declared without initializer back to defined (instrument's undefEnd). The frame to
 * stop at is the one that called setjmp on the same jmp_buf, noted then
 * (__ml_setjmp_at). A jmp_buf not noted (set by code built without
 * memlens) or a stack the unwinder cannot walk gets a plain longjmp: the
 * skipped locals keep their references and the check at exit judges
 * their blocks. So do those of a frame a signal interrupted, out of whose
 * handler the program jumps, if the interrupted instruction lies in none
 * of the unit's call-site ranges (-fexceptions gives calls landing pads,
 * not a faulting division; -fnon-call-exceptions would, but gcc 12 fails
 * on instrumented units with it: cJSON's minify_string, rtl_split_edge).
 * And so do those of a stack overflow's frames, out of whose handler (on
 * an alternate stack) the program jumps: their landing pads would run
 * where the overflow left no stack, and fault again.
 *
 * pthread_exit unwinds the thread's frames itself, and so runs the same
 * cleanups: __ml_pthread_exit first sets the shadow stack to the
 * thread's base, as if those frames had returned.
 */
#include "internal.h"

#include <pthread.h>
#include <setjmp.h>
#include <unwind.h>

/* The jmp_bufs this thread's instrumented code called setjmp on lately:
 * a jmp_buf is reused, and a program seldom keeps many alive at once. */
#define ML_JMP_NOTES 16
struct ml_jmp_note {
	const void *env;
	uptr sp;        /* the stack pointer of setjmp's caller */
	unsigned depth; /* its shadow-stack depth */
};
static __thread struct ml_jmp_note ml_jmp_notes[ML_JMP_NOTES];
static __thread unsigned ml_jmp_next;

void __ml_setjmp_at(const void *env, unsigned depth)
{
	unsigned i = 0;
	while (i < ML_JMP_NOTES && ml_jmp_notes[i].env != env)
		i++;
	if (i == ML_JMP_NOTES)
		i = ml_jmp_next++ % ML_JMP_NOTES;
	/* (this function's CFA: its caller's stack pointer at the call) */
	ml_jmp_notes[i] = (struct ml_jmp_note){env, (uptr)__builtin_dwarf_cfa(), depth};
}

struct ml_unwind {
	struct _Unwind_Exception exc;
	void *env;
	int val;
	const struct ml_jmp_note *to;
	unsigned mark; /* loss notes made before the unwind */
};

static __attribute__((noreturn)) void ml_jump(struct ml_unwind *u)
{
	ml_loss_settle(u->mark);
	longjmp(u->env, u->val);
}

static _Unwind_Reason_Code ml_unwind_stop(int version, _Unwind_Action actions,
                                          _Unwind_Exception_Class cls, struct _Unwind_Exception *exc,
                                          struct _Unwind_Context *ctx, void *arg)
{
	(void)version, (void)cls, (void)exc;
	struct ml_unwind *u = arg;
	/* the next frame to unwind is setjmp's caller: the CFA the unwinder
	 * gives is the frame's stack pointer (the CFA of the one it called) */
	if ((actions & _UA_END_OF_STACK) || _Unwind_GetCFA(ctx) >= u->to->sp)
		ml_jump(u);
	return _URC_NO_REASON;
}

static void ml_unwind_cleanup(_Unwind_Reason_Code reason, struct _Unwind_Exception *exc)
{
	(void)reason, (void)exc;
}

void __ml_longjmp(void *env, int val)
{
	const struct ml_jmp_note *to = 0;
	for (unsigned i = 0; i < ML_JMP_NOTES; i++)
		if (ml_jmp_notes[i].env == env)
			to = &ml_jmp_notes[i];
	/* (a jmp_buf whose frame has returned is the program's bug: no unwind) */
	int overflowed = to && ml_tls.overflow_sp && ml_tls.overflow_sp < to->sp;
	if (overflowed)
		ml_tls.overflow_sp = 0; /* (its handler is left) */
	if (to && (ML_LOAD(&ml_loss_on) || ml_def_kept()) && to->sp > (uptr)__builtin_frame_address(0) && !overflowed) {
		/* (not on this frame's stack: the landing pads of the frames
		 * unwound run below theirs, over this one) */
		static __thread struct ml_unwind u;
		u = (struct ml_unwind){.env = env, .val = val, .to = to, .mark = __ml_t.lost};
		u.exc.exception_class = 0x4d4c4e534c4a4d50ull; /* "MLNSLJMP" */
		u.exc.exception_cleanup = ml_unwind_cleanup;
		__ml_t.retfn = 0; /* (no result is being returned) */
		/* the frames unwound have returned: their locals are retired as
		 * such, and what they drop belongs to the statement of setjmp's
		 * caller */
		__ml_t.depth = to->depth;
		_Unwind_ForcedUnwind(&u.exc, ml_unwind_stop, &u);
		/* the unwinder could not walk the stack: jump from here */
		ml_jump(&u);
	}
	longjmp(env, val);
}

void __ml_pthread_exit(void *v)
{
	/* (the thread's frames unwind: their locals are retired as returned,
	 * and what they drop is checked as the thread ends) */
	__ml_t.depth = 0;
	__ml_t.retfn = 0;
	pthread_exit(v);
}
