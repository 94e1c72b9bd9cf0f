/* handlers.c: the program's signal handlers, run where the runtime is
 * consistent.
 *
 * A handler runs instrumented code: it allocates, frees, stores pointers,
 * registers locals. The thread it interrupts may be inside the runtime
 * doing the same: popping its slot cache, making a record, holding the
 * free-slot FIFO's lock. Run there, the handler would take the slot the
 * interrupted code is about to use (two blocks, one record: bogus
 * DOUBLE-FREE and DANGLING reports) or spin forever on a lock its own
 * thread holds. So the handlers a program installs (through sigaction or
 * signal, intercepted in instrumented code) are installed wrapped: the
 * wrapper runs the handler at once unless the thread is inside a runtime
 * section (ml_rt_enter, internal.h). Then it notes the signal and its
 * siginfo and returns; the section's end sends the signal again to the
 * thread (rt_tgsigqueueinfo, same siginfo), and the kernel delivers it
 * as it would have: with the handler's mask and flags, now outside the
 * runtime. Sections are short and never block, so the delay is a few
 * hundred instructions. A fault (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP,
 * SIGSYS raised by an instruction) never waits: returning would run the
 * instruction again.
 *
 * Blocking signals instead (sigprocmask around each section) would cost
 * two system calls per malloc; a section costs an increment and a
 * decrement of a thread-local counter, and a test.
 *
 * The handler also gets the calling protocol's words as the interrupted
 * code left them (__ml_t's argument and return metas, which a call in the
 * handler overwrites): the wrapper saves them around the handler, as the
 * kernel saves registers. A program that installs a handler counts
 * references atomically (__ml_mt), as a threaded one does, since a
 * handler may update the same count between a load and a store.
 *
 * Handlers installed by code memlens does not see are not wrapped. A
 * program asking for the current action gets its own handler back.
 */
#include "internal.h"

#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#define ML_NSIG 65

/* The program's handler of each signal memlens installed wrapped (0:
 * none) and its sa_flags: handlers.c's part of the state mapping
 * (internal.h). */
struct ml_handlers_state {
	struct {
		uptr fn;
		int flags;
	} actions[ML_NSIG];
};
_Static_assert(ML_ST_HANDLERS + sizeof(struct ml_handlers_state) <= ML_ST_END, "handlers.c's state fits");
#define ml_actions (ML_STATE_AT(struct ml_handlers_state, ML_ST_HANDLERS).actions)

/* The siginfo of each signal deferred by this thread. */
static __thread siginfo_t ml_deferred_info[ML_NSIG] __attribute__((tls_model("initial-exec")));

static int ml_is_fault(int sig, const siginfo_t *si)
{
	return si && si->si_code > 0 &&
	       (sig == SIGSEGV || sig == SIGBUS || sig == SIGFPE || sig == SIGILL || sig == SIGTRAP ||
	        sig == SIGSYS);
}

/* Words of the side stack a signal handler's frames leave to the
 * interrupted function's (4096: more than a function has). */
#define ML_SIDE_GAP 4096

/* The words of __ml_t a call sets for its callee or its caller. */
#define ML_PROTOCOL_BYTES offsetof(struct __ml_thread, stepat)

static void ml_call_program(int sig, siginfo_t *si, void *uc)
{
	uptr fn = ML_ACQ(&ml_actions[sig].fn);
	int flags = ML_LOAD(&ml_actions[sig].flags);
	if (fn == 0) /* (another thread installed SIG_DFL or SIG_IGN meanwhile) */
		return;
	if (flags & SA_RESETHAND) /* (the kernel reset the wrapper already) */
		ML_STORE(&ml_actions[sig].fn, 0);
	unsigned char protocol[ML_PROTOCOL_BYTES];
	memcpy(protocol, &__ml_t, sizeof protocol);
	const site_t *xsite = __ml_t.xsite;
	int args_own = ml_tls.args_own;
	/* The interrupted function may have stored words of its side frame
	 * above a top it has not raised yet, or be about to read some above
	 * one it lowered (gcc orders those stores, loads and the top's freely):
	 * the handler's frames start well above. */
	uptr *side = __ml_t.side;
	if (side)
		__ml_t.side = side + ML_SIDE_GAP;
	/* a longjmp out of the handler finds no stack left to unwind the
	 * frames of an overflow on (jumps.c) */
	uptr overflow_sp = ml_tls.overflow_sp;
	if (ml_stack_overflow(sig, si, uc))
		ml_tls.overflow_sp = (uptr)((const ucontext_t *)uc)->uc_mcontext.gregs[REG_RSP];
	if (flags & SA_SIGINFO)
		((void (*)(int, siginfo_t *, void *))fn)(sig, si, uc);
	else
		((void (*)(int))fn)(sig);
	__ml_t.side = side;
	ml_tls.overflow_sp = overflow_sp;
	ml_tls.args_own = args_own;
	__ml_t.xsite = xsite;
	memcpy(&__ml_t, protocol, sizeof protocol);
}

static void ml_wrapper(int sig, siginfo_t *si, void *uc)
{
	if (ML_UNLIKELY(ml_tls.busy) && !ml_is_fault(sig, si)) {
		ml_deferred_info[sig] = *si;
		__atomic_fetch_or(&ml_tls.deferred, 1ull << (sig - 1), __ATOMIC_RELAXED);
		return;
	}
	ml_call_program(sig, si, uc);
}

uptr ml_unwrapped(int sig, uptr fn)
{
	return fn == (uptr)ml_wrapper ? ML_ACQ(&ml_actions[sig].fn) : fn;
}

void ml_deferred_run(void)
{
	int saved = errno;
	pid_t pid = getpid(), tid = (pid_t)syscall(SYS_gettid);
	for (;;) {
		siginfo_t info[ML_NSIG];
		/* take them as a section: one arriving meanwhile waits for the
		 * next round, even when this round took none (left for the next
		 * section's end instead, it ran late: after a setitimer that
		 * disarmed its timer, in the middle of the code the program had
		 * meant to run without it) */
		ml_rt_enter();
		uint64_t pend = __atomic_exchange_n(&ml_tls.deferred, 0, __ATOMIC_RELAXED);
		for (int sig = 1; sig < ML_NSIG; sig++)
			if (pend & (1ull << (sig - 1)))
				info[sig] = ml_deferred_info[sig];
		/* (ml_rt_leave's steps but its call of this function) */
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		ml_tls.busy--;
		if (!pend && !*(volatile uint64_t *)&ml_tls.deferred)
			break;
		for (int sig = 1; sig < ML_NSIG; sig++) {
			if (!(pend & (1ull << (sig - 1))))
				continue;
			if (sig == ML_STOP_SIG)
				ml_world_park(0);
			/* the kernel delivers it again, with the handler's mask and
			 * flags; unless it reset the handler on the first delivery
			 * (SA_RESETHAND), or a sandbox forbids the call */
			else if ((ML_LOAD(&ml_actions[sig].flags) & SA_RESETHAND) ||
			         syscall(SYS_rt_tgsigqueueinfo, pid, tid, sig, &info[sig]) != 0)
				ml_call_program(sig, &info[sig], 0);
		}
	}
	errno = saved;
}

/* Install act (NULL: none) for sig, wrapped; *old: the program's view of
 * the action before. */
static int ml_install(int sig, const struct sigaction *act, struct sigaction *old)
{
	if (sig <= 0 || sig >= ML_NSIG || sig == ML_STOP_SIG)
		return sigaction(sig, act, old);
	uptr prev_fn = ML_LOAD(&ml_actions[sig].fn);
	int prev_flags = ML_LOAD(&ml_actions[sig].flags);
	struct sigaction k, kold, own;
	/* memlens's own handler put back is installed as memlens installs it:
	 * wrapped, it would be called without the fault's details */
	int mine = act && ml_as_own_action(act, &own);
	if (mine)
		act = &own;
	const struct sigaction *use = act;
	int wrap = !mine && act && (act->sa_flags & SA_SIGINFO ? (uptr)act->sa_sigaction : (uptr)act->sa_handler) > (uptr)SIG_IGN;
	if (wrap) {
		/* the table first: the wrapper may run as soon as it is in */
		ML_STORE(&ml_actions[sig].flags, act->sa_flags);
		ML_REL(&ml_actions[sig].fn, act->sa_flags & SA_SIGINFO ? (uptr)act->sa_sigaction : (uptr)act->sa_handler);
		ml_mt_on();
		k = *act;
		k.sa_sigaction = ml_wrapper;
		k.sa_flags |= SA_SIGINFO;
		use = &k;
	}
	int rc = sigaction(sig, use, &kold);
	if (rc != 0) {
		if (wrap) {
			ML_STORE(&ml_actions[sig].flags, prev_flags);
			ML_STORE(&ml_actions[sig].fn, prev_fn);
		}
		return rc;
	}
	if (act && !wrap) {
		ML_STORE(&ml_actions[sig].fn, 0);
		ML_STORE(&ml_actions[sig].flags, act->sa_flags); /* (a later SIG_DFL keeping SA_RESETHAND is then the program's own) */
	}
	if (old) {
		*old = kold;
		/* the wrapper's SA_SIGINFO is memlens's, also once the kernel has
		 * reset a SA_RESETHAND action to SIG_DFL: it keeps the flags */
		int reset = kold.sa_handler == SIG_DFL && (kold.sa_flags & SA_RESETHAND);
		if (reset || (kold.sa_sigaction == ml_wrapper && prev_fn))
			old->sa_flags = (kold.sa_flags & ~SA_SIGINFO) | (prev_flags & SA_SIGINFO);
		if (kold.sa_sigaction == ml_wrapper && prev_fn) {
			if (prev_flags & SA_SIGINFO)
				old->sa_sigaction = (void (*)(int, siginfo_t *, void *))prev_fn;
			else
				old->sa_handler = (void (*)(int))prev_fn;
		}
	}
	return 0;
}

int __ml_sigaction(int sig, const void *act, void *old)
{
	ML_OWN(__ml_sigaction);
	if (act)
		ml_check(act, ML_ARGM(1, act), sizeof(struct sigaction), 0, "sigaction");
	if (old)
		ml_check(old, ML_ARGM(2, old), sizeof(struct sigaction), 1, "sigaction");
	int rc = ml_install(sig, act, old);
	if (rc == 0 && old)
		ml_def_clear(old, sizeof(struct sigaction));
	return rc;
}

/* glibc's signal(): BSD semantics (the signal blocked while its handler
 * runs, interrupted system calls restarted). */
__sighandler_t __ml_signal(int sig, __sighandler_t fn)
{
	struct sigaction act, old;
	memset(&act, 0, sizeof act);
	act.sa_handler = fn;
	sigemptyset(&act.sa_mask);
	if (sig > 0 && sig < ML_NSIG)
		sigaddset(&act.sa_mask, sig);
	act.sa_flags = SA_RESTART;
	if (ml_install(sig, &act, &old) != 0)
		return SIG_ERR;
	return old.sa_handler;
}
