/* signals.c: reports for the signals of a crash.
 *
 * A wild pointer memlens could not follow (an address made from an
 * integer), a recursion without end, a division by zero, a trap: no check
 * fires, and the kernel stops the instruction with SIGSEGV, SIGBUS, SIGFPE
 * or SIGILL. memlens catches these four (options handle_segv,
 * handle_sigbus, handle_sigfpe, handle_sigill) and reports the fault like
 * every other bug: the kind, the faulting statement's line (the
 * instruction's address run through addr2line), what the address is, the
 * call stack (the shadow stack). Then the signal ends the program as it
 * would have without memlens: the disposition goes back to SIG_DFL and the
 * signal is sent again, pending until the handler returns, so the process
 * dies of it, with the status and core dump it has natively (a shell's 139
 * for SIGSEGV). The exit status of reports (exitcode) is for programs that
 * end by exit(): it does not replace death by a signal, and neither does
 * halt_on_error.
 *
 * Whose signal. memlens's handler is installed at start, after the
 * options, where the disposition is SIG_DFL; a handler already there (or
 * SIG_IGN inherited from the parent) is left alone: it is the program's
 * (or its parent's) choice, and it gets the signal exactly as without
 * memlens. A program that installs its own handler later replaces
 * memlens's (the kernel keeps one per signal): its handler then sees the
 * faults and memlens reports none (a GC's write barrier, a SIGFPE handler,
 * siglongjmp out of a fault); one that chains to the handler it found
 * (sigaction's old action) reaches memlens's, which reports. A program
 * asking for the current handler sees memlens's, as with ASan's default
 * handle_segv=1 (handlers.c wraps only the handlers the program installs,
 * and never holds a fault back). A signal sent by a
 * process (kill, raise: si_code <= 0) is not a fault: no report, the
 * default action. A NULL access a check finds (detectors.c) is not
 * reported when its SIGSEGV would reach a handler of the program's,
 * installed by any code (ml_segv_is_programs): the program may expect
 * that fault (gnulib's tests of its SIGSEGV handling write to address 0
 * on purpose), and ASan, whose checks do not see NULL, lets it through
 * too.
 *
 * Not reported twice. An access memlens checks is reported before it runs
 * (a NULL dereference, an uninitialized pointer); with halt_on_error=0 the
 * access then runs and faults. report.c notes each thread's latest
 * detection: a fault at an address inside its range (or, at the same
 * statement, a general protection fault after a non-canonical address, a
 * trap after a NULL one) is its consequence and dies without a second
 * report. A kind switched off (disable=...) or suppressed is not reported
 * either.
 *
 * Alternate stacks. A stack overflow leaves no room for a handler on the
 * thread's own stack: each thread memlens starts (thread.c) and the main
 * thread get an alternate signal stack of ML_ALT_SIZE (the report path
 * formats into report.c's static buffers; addr2line runs in a vfork child
 * sharing it), with a guard page below, unmapped when the thread ends.
 * Threads memlens did not start have none: their overflows die unreported,
 * as natively.
 *
 * STACK-OVERFLOW: a SIGSEGV at an address in no mapping (or in a guard
 * page) within 64 KiB of the stack pointer, either just below a writable
 * mapping (the stack) or with the stack pointer itself out of writable
 * memory (a frame larger than the room left); or, whatever the stack
 * pointer, in the MiB below the lowest address the thread's stack may
 * reach. Never at or above the top of the thread's stack. The recursion
 * is found in the shadow stack: the shortest cycle of functions (up to 8)
 * repeating at its innermost end, followed down to where it starts.
 *
 * Signal safety. The report path calls no malloc and no stdio and takes
 * one lock, the report lock, waiting for it at most ~3 s (report.c); a
 * fault while this thread writes a report is told in one line. Other locks
 * it meets are recursive (ld.so's, for dl_iterate_phdr and dladdr).
 * addr2line runs in a vfork child with every signal blocked, reading from a
 * pipe with a 10 s limit. A fault inside the handler itself is blocked, so
 * the kernel kills the process with it: the same death, without report.
 * One thread reports; another faulting meanwhile waits for the process to
 * die.
 */
#include "internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#define ML_PAGE 4096UL
#define ML_ALT_SIZE (256UL << 10)     /* each thread's alternate signal stack */
#define ML_NEAR_SP (64UL << 10)       /* an overflow faults this close to the stack pointer */
#define ML_GUARD_GAP ((1UL << 20) + ML_NEAR_SP) /* the kernel's stack guard gap, and slack */

static const int ml_fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};

/* The thread's stack: [lo, hi) where known (lo: the lowest address it may
 * reach), else 0. (Thread-local: in the thread's TLS block, not the
 * program's .bss.) */
static __thread uptr ml_stk_lo, ml_stk_hi;

#define ML_SYN 8
/* signals.c's part of the state mapping (internal.h) */
struct ml_signals_state {
	int init_done;
	int catching; /* memlens's handler is installed for one of them */
	pthread_key_t alt_key;
	int alt_key_ok;
	int fault_busy;
	int addr2line; /* 0: not looked for yet, 1: found (in tool), -1: not found */
	char tool[4096];
	char symout[16384]; /* addr2line's output */
	char srcline[1024];
	char cwd[4096];
	struct ml_fault f;
	site_t syn[ML_SYN]; /* the faulting line and the lines it was inlined into */
	char pathbuf[4096];
};
_Static_assert(ML_ST_SIGNALS + sizeof(struct ml_signals_state) <= ML_ST_UNINIT, "signals.c's state fits");
#define ML_SGS (&ML_STATE_AT(struct ml_signals_state, ML_ST_SIGNALS))
#define ml_catching (ML_SGS->catching)
#define ml_alt_key (ML_SGS->alt_key)
#define ml_alt_key_ok (ML_SGS->alt_key_ok)
#define ml_fault_busy (ML_SGS->fault_busy)
#define ml_symout (ML_SGS->symout)
#define ml_srcline (ML_SGS->srcline)
#define ml_f (ML_SGS->f)
#define ml_syn (ML_SGS->syn)
#define ml_pathbuf (ML_SGS->pathbuf)

/* ---- small formatting into fixed arrays ---- */

struct ml_str {
	char *p;
	size_t len, cap;
};
#define ML_STR(a) {(a), 0, sizeof(a) - 1}

static void ml_sput(struct ml_str *s, const char *t)
{
	size_t n = strlen(t);
	if (n > s->cap - s->len)
		n = s->cap - s->len;
	memcpy(s->p + s->len, t, n);
	s->len += n;
	s->p[s->len] = 0;
}

static void ml_sdec(struct ml_str *s, uint64_t v)
{
	char t[24];
	int i = sizeof t - 1;
	t[i] = 0;
	do {
		t[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	ml_sput(s, t + i);
}

static void ml_shex(struct ml_str *s, uint64_t v)
{
	char t[24];
	int i = sizeof t - 1;
	t[i] = 0;
	do {
		t[--i] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	t[--i] = 'x';
	t[--i] = '0';
	ml_sput(s, t + i);
}

/* "64 MiB", "512 KiB", "4000 bytes" */
static void ml_ssize(struct ml_str *s, uint64_t v)
{
	if (v >= (1UL << 20) && v % (1UL << 20) == 0) {
		ml_sdec(s, v >> 20);
		ml_sput(s, " MiB");
	} else if (v >= 1024 && v % 1024 == 0) {
		ml_sdec(s, v >> 10);
		ml_sput(s, " KiB");
	} else {
		ml_sdec(s, v);
		ml_sput(s, " bytes");
	}
}

static const char *ml_base(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

/* ---- alternate signal stacks ---- */

static void *ml_alt_new(void)
{
	char *p = mmap(0, ML_ALT_SIZE + ML_PAGE, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return 0;
	mprotect(p, ML_PAGE, PROT_NONE); /* a guard below it */
	stack_t ss = {.ss_sp = p + ML_PAGE, .ss_size = ML_ALT_SIZE, .ss_flags = 0};
	if (sigaltstack(&ss, 0) != 0) {
		munmap(p, ML_ALT_SIZE + ML_PAGE);
		return 0;
	}
	return p;
}

/* The thread ends (a pthread key's destructor): its alternate stack goes,
 * unless the program put its own in its place. */
static void ml_alt_free(void *p)
{
	stack_t cur;
	if (sigaltstack(0, &cur) == 0 && cur.ss_sp == (char *)p + ML_PAGE && !(cur.ss_flags & SS_ONSTACK)) {
		stack_t off = {.ss_flags = SS_DISABLE};
		sigaltstack(&off, 0);
	} else if (cur.ss_sp == (char *)p + ML_PAGE) {
		return; /* (running on it: keep it) */
	}
	munmap(p, ML_ALT_SIZE + ML_PAGE);
}

void ml_signals_thread(uptr lo, uptr hi)
{
	ml_stk_lo = lo;
	ml_stk_hi = hi;
	if (!ML_LOAD(&ml_catching) || !ml_alt_key_ok)
		return;
	void *p = ml_alt_new();
	if (p)
		pthread_setspecific(ml_alt_key, p);
}

/* ---- the handler ---- */

static void ml_on_signal(int sig, siginfo_t *si, void *ctx);

static int ml_handles(int sig)
{
	switch (sig) {
	case SIGSEGV:
		return ml_flags.handle_segv;
	case SIGBUS:
		return ml_flags.handle_sigbus;
	case SIGFPE:
		return ml_flags.handle_sigfpe;
	case SIGILL:
		return ml_flags.handle_sigill;
	}
	return 0;
}

static void ml_own_action(struct sigaction *sa)
{
	memset(sa, 0, sizeof *sa);
	sa->sa_sigaction = ml_on_signal;
	/* (not SA_NODEFER: a fault in the handler kills the process with
	 * the signal, which is how it would die anyway) */
	sa->sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigemptyset(&sa->sa_mask);
	for (unsigned i = 0; i < sizeof ml_fatal / sizeof ml_fatal[0]; i++)
		sigaddset(&sa->sa_mask, ml_fatal[i]);
}

int ml_as_own_action(const struct sigaction *act, struct sigaction *own)
{
	uptr fn = act->sa_flags & SA_SIGINFO ? (uptr)act->sa_sigaction : (uptr)act->sa_handler;
	if (fn != (uptr)ml_on_signal)
		return 0;
	ml_own_action(own);
	return 1;
}

void ml_signals_init(void)
{
	if (ML_SGS->init_done)
		return;
	ML_SGS->init_done = 1;

	/* The main thread's stack: the mapping holding this frame, which may
	 * grow down to its top minus RLIMIT_STACK (as init.c left it). */
	struct ml_map at, next;
	int has_at, has_next;
	struct rlimit rl;
	uptr sp = (uptr)__builtin_frame_address(0);
	if (ml_maps(sp, &at, &has_at, &next, &has_next) && has_at) {
		ml_stk_hi = at.hi;
		if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < at.hi)
			ml_stk_lo = at.hi - rl.rlim_cur;
	}

	struct sigaction sa;
	ml_own_action(&sa);
	for (unsigned i = 0; i < sizeof ml_fatal / sizeof ml_fatal[0]; i++) {
		struct sigaction old;
		int sig = ml_fatal[i];
		if (!ml_handles(sig) || sigaction(sig, 0, &old) != 0)
			continue;
		if ((old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL)
			continue; /* the program's (or its parent's) choice */
		if (sigaction(sig, &sa, 0) == 0)
			ML_STORE(&ml_catching, 1);
	}
	if (!ML_LOAD(&ml_catching))
		return;
	if (pthread_key_create(&ml_alt_key, ml_alt_free) == 0)
		ml_alt_key_ok = 1;
	ml_alt_new(); /* the main thread's, for good */
}

/* Die of sig: the default action, and the signal again, pending until the
 * handler returns (it is blocked while the handler runs); a fault would
 * recur anyway, but another thread may have mapped the page meanwhile. */
void ml_die_of(int sig)
{
	ml_graph_flush();
	struct sigaction dfl;
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(sig, &dfl, 0);
	syscall(SYS_tgkill, getpid(), syscall(SYS_gettid), sig);
}

int ml_segv_is_programs(void)
{
	struct sigaction cur;
	sigset_t mask;
	/* (blocked, the kernel kills the process instead; SIG_IGN too) */
	if (sigaction(SIGSEGV, 0, &cur) != 0 || pthread_sigmask(SIG_BLOCK, 0, &mask) != 0 ||
	    sigismember(&mask, SIGSEGV))
		return 0;
	/* (memlens's own handler, which the program may have put back wrapped
	 * after signal() returned it, is not the program's) */
	uptr fn = ml_unwrapped(SIGSEGV, (uptr)cur.sa_handler);
	return fn > (uptr)SIG_IGN && fn != (uptr)ml_on_signal;
}

static const char *ml_signame(int sig)
{
	switch (sig) {
	case SIGSEGV:
		return "SIGSEGV";
	case SIGBUS:
		return "SIGBUS";
	case SIGFPE:
		return "SIGFPE";
	case SIGILL:
		return "SIGILL";
	}
	return "signal";
}

static const char *ml_codename(int sig, int code)
{
	static const char *const segv[] = {0, "SEGV_MAPERR", "SEGV_ACCERR", "SEGV_BNDERR", "SEGV_PKUERR"};
	static const char *const bus[] = {0, "BUS_ADRALN", "BUS_ADRERR", "BUS_OBJERR", "BUS_MCEERR_AR", "BUS_MCEERR_AO"};
	static const char *const fpe[] = {0, "FPE_INTDIV", "FPE_INTOVF", "FPE_FLTDIV", "FPE_FLTOVF",
	                                  "FPE_FLTUND", "FPE_FLTRES", "FPE_FLTINV", "FPE_FLTSUB"};
	static const char *const ill[] = {0, "ILL_ILLOPC", "ILL_ILLOPN", "ILL_ILLADR", "ILL_ILLTRP",
	                                  "ILL_PRVOPC", "ILL_PRVREG", "ILL_COPROC", "ILL_BADSTK"};
	if (code == SI_KERNEL)
		return "SI_KERNEL";
#define ML_CODE(t) (code > 0 && (size_t)code < sizeof t / sizeof t[0] ? t[code] : "")
	switch (sig) {
	case SIGSEGV:
		return ML_CODE(segv);
	case SIGBUS:
		return ML_CODE(bus);
	case SIGFPE:
		return ML_CODE(fpe);
	case SIGILL:
		return ML_CODE(ill);
	}
#undef ML_CODE
	return "";
}

/* ---- the divisor of a faulting div/idiv (x86-64) ---- */

static const int ml_gregs[16] = {REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
                                 REG_R8,  REG_R9,  REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15};

static int32_t ml_rd32(const unsigned char *c)
{
	int32_t v;
	memcpy(&v, c, 4);
	return v;
}

/* The memory operand of the ModRM byte at c + *i (its mod not 3), with
 * REX prefix rex and the registers g (rsp reading as sp): its address, *i
 * moved past the ModRM byte, SIB and displacement (a rip-relative address
 * counts from there: no immediate follows in the instructions read). */
static uptr ml_ea(const unsigned char *c, unsigned *i, unsigned rex, const greg_t *g, uptr sp)
{
	unsigned modrm = c[(*i)++], mod = modrm >> 6, rm = modrm & 7;
#define ML_GREG(r) ((r) == 4 ? sp : (uptr)g[ml_gregs[r]])
	uptr ea = 0;
	if (rm == 4) {
		unsigned sib = c[(*i)++], idx = ((sib >> 3) & 7) | ((rex & 2) << 2), base = (sib & 7) | ((rex & 1) << 3);
		if (idx != 4)
			ea += ML_GREG(idx) << (sib >> 6);
		if ((base & 7) == 5 && mod == 0) {
			ea += (uptr)(intptr_t)ml_rd32(c + *i);
			*i += 4;
		} else {
			ea += ML_GREG(base);
		}
	} else if (rm == 5 && mod == 0) { /* rip-relative: from the next instruction */
		ea = (uptr)(c + *i + 4) + (uptr)(intptr_t)ml_rd32(c + *i);
		*i += 4;
	} else {
		ea = ML_GREG(rm | ((rex & 1) << 3));
	}
#undef ML_GREG
	if (mod == 1)
		ea += (uptr)(intptr_t)(int8_t)c[(*i)++];
	else if (mod == 2) {
		ea += (uptr)(intptr_t)ml_rd32(c + *i);
		*i += 4;
	}
	return ea;
}

/* The divisor of the div or idiv at pc (*bits wide, *sgn for idiv): 1 if
 * the instruction is one, with a register or memory operand. */
static int ml_divisor(const ucontext_t *uc, uptr pc, uint64_t *v, unsigned *bits, int *sgn)
{
	const unsigned char *c = (const unsigned char *)pc;
	const greg_t *g = uc->uc_mcontext.gregs;
	unsigned i = 0, osize = 0, rex = 0;
	for (; i < 4; i++) {
		if (c[i] == 0x66)
			osize = 1;
		else if (c[i] == 0x64 || c[i] == 0x65)
			return 0; /* (fs:, gs: not followed) */
		else if (c[i] != 0x2e && c[i] != 0x3e && c[i] != 0x26 && c[i] != 0x36 && c[i] != 0xf2 && c[i] != 0xf3)
			break;
	}
	if ((c[i] & 0xf0) == 0x40)
		rex = c[i++];
	unsigned op = c[i++];
	if (op != 0xf6 && op != 0xf7)
		return 0;
	unsigned modrm = c[i], mod = modrm >> 6, reg = (modrm >> 3) & 7, rm = modrm & 7;
	if (reg != 6 && reg != 7)
		return 0;
	*sgn = reg == 7;
	*bits = op == 0xf6 ? 8 : (rex & 8) ? 64 : osize ? 16 : 32;
	uint64_t x = 0;
	if (mod == 3) {
		i++;
		unsigned r = rm | ((rex & 1) << 3);
		if (*bits == 8 && !rex && r >= 4)
			x = (uint64_t)g[ml_gregs[r - 4]] >> 8; /* ah, ch, dh, bh */
		else
			x = (uint64_t)g[ml_gregs[r]];
	} else {
		uptr ea = ml_ea(c, &i, rex, g, (uptr)g[REG_RSP]);
		/* (the division read it: it is readable) */
		memcpy(&x, (const void *)ea, *bits / 8);
	}
	if (*bits < 64)
		x &= ((uint64_t)1 << *bits) - 1;
	*v = x;
	return 1;
}

/* Is the instruction ending at ret a call of addr? A call faulting at its
 * target has run nothing since: the registers are the call's, the stack
 * pointer sp one word below (its return pushed). */
static int ml_called(uptr ret, uptr addr, const greg_t *g, uptr sp)
{
	const unsigned char *c = (const unsigned char *)ret;
	if (c[-5] == 0xe8 && ret + (uptr)(intptr_t)ml_rd32(c - 4) == addr)
		return 1;
	/* call *operand: [REX] ff /2 ModRM [SIB] [disp], 2 to 8 bytes */
	for (unsigned n = 2; n <= 8; n++) {
		const unsigned char *s = c - n;
		unsigned i = 0, rex = (s[0] & 0xf0) == 0x40 ? s[i++] : 0;
		if (s[i++] != 0xff || ((s[i] >> 3) & 7) != 2)
			continue;
		uptr target;
		if (s[i] >> 6 == 3) {
			unsigned r = (s[i++] & 7) | ((rex & 1) << 3);
			target = r == 4 ? sp + 8 : (uptr)g[ml_gregs[r]];
		} else {
			uptr ea = ml_ea(s, &i, rex, g, sp + 8);
			if (i != n || !ml_page_readable(ea & -ML_PAGE) || !ml_page_readable((ea + 7) & -ML_PAGE))
				continue;
			memcpy(&target, (const void *)ea, sizeof target);
		}
		if (i == n && target == addr)
			return 1;
	}
	return 0;
}

/* ---- addr2line ---- */

/* The program name found in $PATH, into out. */
static int ml_find_tool(const char *name, char *out, size_t cap)
{
	const char *path = 0;
	for (char **e = environ; e && *e; e++)
		if (strncmp(*e, "PATH=", 5) == 0) {
			path = *e + 5;
			break;
		}
	if (!path)
		path = "/usr/local/bin:/usr/bin:/bin";
	size_t nl = strlen(name);
	for (;;) {
		const char *c = strchr(path, ':');
		size_t n = c ? (size_t)(c - path) : strlen(path);
		if (n && n + nl + 2 <= cap) {
			memcpy(out, path, n);
			out[n] = '/';
			memcpy(out + n + 1, name, nl + 1);
			if (access(out, X_OK) == 0)
				return 1;
		}
		if (!c)
			return 0;
		path = c + 1;
	}
}

static uint64_t ml_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* Run tool argv (every signal blocked: it shares this stack until it
 * execs), its output into out; its length. */
static size_t ml_run(const char *tool, char *const argv[], char *out, size_t cap)
{
	static char *const envp[] = {"LC_ALL=C", 0};
	int pfd[2];
	out[0] = 0;
	if (pipe2(pfd, O_CLOEXEC) != 0)
		return 0;
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pid_t pid = vfork();
	if (pid == 0) {
		if (pfd[1] == 1)
			fcntl(1, F_SETFD, 0);
		else
			dup2(pfd[1], 1);
		int nul = open("/dev/null", O_RDWR);
		if (nul >= 0) {
			dup2(nul, 0);
			dup2(nul, 2);
		}
		execve(tool, argv, envp);
		_exit(127);
	}
	pthread_sigmask(SIG_SETMASK, &old, 0);
	close(pfd[1]);
	size_t len = 0;
	if (pid > 0) {
		uint64_t end = ml_now_ms() + 10000;
		for (;;) {
			uint64_t now = ml_now_ms();
			if (now >= end) {
				kill(pid, SIGKILL);
				break;
			}
			struct pollfd p = {pfd[0], POLLIN, 0};
			int r = poll(&p, 1, (int)(end - now));
			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0)
				continue; /* (the time is checked above) */
			ssize_t n = read(pfd[0], out + len, cap - 1 - len);
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0)
				break;
			len += (size_t)n;
			if (len == cap - 1)
				break;
		}
		while (waitpid(pid, 0, 0) < 0 && errno == EINTR)
			;
	}
	close(pfd[0]);
	out[len] = 0;
	return len;
}

/* One line of code addr2line names: a function and where, innermost first
 * (the function a statement was inlined from, then where it was inlined). */
struct ml_sym {
	const char *func, *file; /* NULL when unknown */
	unsigned line;
	unsigned addr;           /* which of the addresses asked */
};
#define ML_SYMS 24

static int ml_unknown(const char *s)
{
	return !*s || (s[0] == '?' && s[1] == '?');
}

/* Symbolize addresses a[0..na) of the ELF file obj with addr2line -a -f
 * -i: entries into out; their number. */
static unsigned ml_symbolize(const char *obj, const uptr *a, unsigned na, struct ml_sym *out)
{
	char *tool = ML_SGS->tool;
	if (!ML_SGS->addr2line)
		ML_SGS->addr2line = ml_find_tool("addr2line", tool, sizeof ML_SGS->tool) ? 1 : -1;
	if (ML_SGS->addr2line < 0 || na > 2)
		return 0;
	char hex[2][24];
	char *argv[12];
	unsigned k = 0;
	argv[k++] = "addr2line";
	argv[k++] = "-a";
	argv[k++] = "-f";
	argv[k++] = "-i";
	argv[k++] = "-e";
	argv[k++] = (char *)obj;
	for (unsigned i = 0; i < na; i++) {
		struct ml_str h = ML_STR(hex[i]);
		ml_shex(&h, a[i]);
		argv[k++] = hex[i];
	}
	argv[k] = 0;
	if (!ml_run(tool, argv, ml_symout, sizeof ml_symout))
		return 0;
	/* 0xADDR, then FUNC and FILE:LINE pairs */
	unsigned n = 0, which = 0;
	int addrs = 0;
	char *p = ml_symout;
	while (*p && n < ML_SYMS) {
		char *l1 = p, *e = strchr(p, '\n');
		if (!e)
			break;
		*e = 0;
		p = e + 1;
		if (l1[0] == '0' && l1[1] == 'x') {
			which = addrs++ ? 1 : 0;
			continue;
		}
		char *l2 = p;
		e = strchr(p, '\n');
		if (!e)
			break;
		*e = 0;
		p = e + 1;
		char *d = strstr(l2, " (discriminator");
		if (d)
			*d = 0;
		char *colon = strrchr(l2, ':');
		unsigned line = 0;
		if (colon) {
			*colon = 0;
			for (const char *q = colon + 1; *q >= '0' && *q <= '9'; q++)
				line = line * 10 + (unsigned)(*q - '0');
		}
		out[n].func = ml_unknown(l1) ? 0 : l1;
		out[n].file = ml_unknown(l2) ? 0 : l2;
		out[n].line = line;
		out[n].addr = which;
		n++;
	}
	return n;
}

/* ---- where the faulting instruction is ---- */

struct ml_objq {
	uptr pc, bias;
	const char *name;
	int found;
};

static int ml_obj_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	struct ml_objq *q = data;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uptr lo = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type == PT_LOAD && q->pc >= lo && q->pc < lo + ph->p_memsz) {
			q->found = 1;
			q->bias = info->dlpi_addr;
			q->name = info->dlpi_name;
			return 1;
		}
	}
	return 0;
}

/* The object holding pc: its file (the executable's path for the
 * executable, *exe set) and load bias. */
static int ml_obj_of(uptr pc, char *path, size_t cap, uptr *bias, int *exe)
{
	struct ml_objq q = {pc, 0, 0, 0};
	dl_iterate_phdr(ml_obj_cb, &q);
	if (!q.found)
		return 0;
	*bias = q.bias;
	*exe = !q.name || !q.name[0];
	if (*exe) {
		ssize_t n = readlink("/proc/self/exe", path, cap - 1);
		if (n <= 0)
			return 0;
		path[n] = 0;
	} else {
		size_t n = strlen(q.name);
		if (n >= cap)
			return 0;
		memcpy(path, q.name, n + 1);
	}
	return 1;
}


struct ml_line_at {
	unsigned want, cur;
	const char *found;
};

static int ml_line_is(const char *l, void *ctx)
{
	struct ml_line_at *a = ctx;
	if (++a->cur != a->want)
		return 0;
	size_t n = strlen(l);
	if (n >= sizeof ml_srcline)
		n = sizeof ml_srcline - 1;
	memcpy(ml_srcline, l, n);
	ml_srcline[n] = 0;
	a->found = ml_srcline;
	return 1;
}

/* Line number line of file path, or NULL. */
static const char *ml_read_line(const char *path, unsigned line)
{
	struct ml_line_at a = {line, 0, 0};
	if (!path || !line)
		return 0;
	ml_each_line(path, ml_line_is, &a);
	return a.found;
}

int ml_same_func(const char *a, const char *b)
{
	return a && b && (a == b || strcmp(a, b) == 0);
}

static int ml_same_fn(const site_t *a, const site_t *b)
{
	return a && b && ml_same_func(a->func, b->func);
}

/* Is file in directory dir (the path's directory part, with its '/')? */
static int ml_in_dir(const char *file, const char *dir, size_t dn)
{
	return file && dn && strncmp(file, dir, dn) == 0 && !strchr(file + dn, '/');
}

/* memlens.h, as the driver names it in the program's line tables */
static int ml_memlens_h(const char *file)
{
	return file && (strcmp(ml_base(file), "<memlens.h>") == 0 || strcmp(ml_base(file), "memlens.h") == 0);
}

/* A function of memlens.h kept out of line (at -O0): addr2line names the
 * program's file for its lines (DWARF 5 file 1 read as the unit's), but its
 * name is in memlens's namespace. */
static int ml_memlens_func(const char *func)
{
	return func && strncmp(func, "__ml_", 5) == 0;
}

/* ---- the fault ---- */


/* The innermost shadow frames, innermost first. */
static unsigned ml_shadow(const site_t **f, unsigned max)
{
	unsigned d = __ml_t.depth, n = 0;
	if (d > __ML_MAX_FRAMES)
		d = __ML_MAX_FRAMES;
	while (n < max && d)
		if ((f[n] = __ml_t.frames[--d]) != 0)
			n++;
	return n;
}

/* The spelling of file the compiler was given (addr2line's is absolute),
 * from a shadow frame of the same file; else relative to the current
 * directory if it is under it, or file itself. */
static const char *ml_spelling(const char *file, const site_t *const *sh, unsigned nsh)
{
	char *cwd = ML_SGS->cwd;
	if (!file)
		return "";
	for (unsigned i = 0; i < nsh; i++)
		if (sh[i]->file && strcmp(ml_base(sh[i]->file), ml_base(file)) == 0 &&
		    (sh[i]->file[0] != '/' || strcmp(sh[i]->file, file) == 0))
			return sh[i]->file;
	if (file[0] == '/' && syscall(SYS_getcwd, cwd, sizeof ML_SGS->cwd) > 0) {
		size_t n = strlen(cwd);
		if (n > 1 && strncmp(file, cwd, n) == 0 && file[n] == '/')
			return file + n + 1;
	}
	return file;
}

/* The location (f->site), the call stack (f->stack) and how they were
 * found (f->code, f->note), for the instruction at pc. */
static void ml_locate(struct ml_fault *f, uptr pc, int called)
{
	const site_t *sh[__ML_MAX_FRAMES];
	unsigned nsh = ml_shadow(sh, __ML_MAX_FRAMES);
	const site_t *s0 = nsh ? sh[0] : 0;
	struct ml_sym e[ML_SYMS];
	unsigned ne = 0, nrt = 0;
	uptr bias = 0;
	int exe = 0;
	int have_obj = ml_obj_of(pc, ml_pathbuf, sizeof ml_pathbuf, &bias, &exe);
	/* (a call to a bad address: the line of the call) */
	uptr at = called ? pc - 1 : pc;
	if (have_obj && ml_flags.symbolize) {
		uptr a[2] = {at - bias, (uptr)&ml_on_signal - bias};
		ne = ml_symbolize(ml_pathbuf, a, exe ? 2 : 1, e);
	}
	/* The runtime's directory, from its own function's line. */
	char rtdir[512];
	size_t rdn = 0;
	for (unsigned i = 0; i < ne; i++)
		if (e[i].addr == 1 && e[i].file) {
			const char *sl = strrchr(e[i].file, '/');
			if (sl && (size_t)(sl + 1 - e[i].file) < sizeof rtdir) {
				rdn = (size_t)(sl + 1 - e[i].file);
				memcpy(rtdir, e[i].file, rdn);
			}
			break;
		}
	while (ne && e[ne - 1].addr == 1)
		ne--;
	/* Lines of memlens's own code (the runtime, memlens.h inlined into
	 * the program): the program's line is outside them. */
	while (nrt < ne && (ml_in_dir(e[nrt].file, rtdir, rdn) || ml_memlens_h(e[nrt].file) ||
	                    ml_memlens_func(e[nrt].func)))
		nrt++;
	struct ml_str code = ML_STR(f->code), note = ML_STR(f->note);

	/* The program's code, with its line: the lines inlined into each
	 * other down to the innermost instrumented frame's function, which
	 * replaces that frame. In another object than the executable, only
	 * when it is instrumented (its function is on the shadow stack). */
	int line_ok = nrt < ne && e[nrt].file && e[nrt].line;
	if (line_ok && !exe) {
		line_ok = 0;
		for (unsigned i = nrt; i < ne && !line_ok; i++)
			line_ok = s0 && ml_same_func(e[i].func, s0->func);
	}
	if (line_ok) {
		const site_t *fr[__ML_MAX_FRAMES];
		unsigned n = 0, k = 0, skip = 0;
		for (unsigned i = nrt; i < ne && k < ML_SYN; i++) {
			site_t *s = &ml_syn[k++];
			memset(s, 0, sizeof *s);
			s->file = ml_spelling(e[i].file, sh, nsh);
			s->func = e[i].func ? e[i].func : "?";
			s->line = e[i].line;
			s->expr = "";
			fr[n++] = s;
			if (s0 && ml_same_func(e[i].func, s0->func)) {
				skip = 1;
				break;
			}
		}
		ml_syn[0].text = ml_read_line(e[nrt].file, e[nrt].line);
		for (unsigned i = skip; i < nsh && n < __ML_MAX_FRAMES; i++)
			fr[n++] = sh[i];
		f->site = &ml_syn[0];
		f->stack = ml_stack_intern(fr, n);
	} else {
		f->stack = ml_stack_intern(sh, nsh);
		f->site = s0;
	}

	if (nrt && !line_ok) {
		/* Inside the runtime: the program's statement is the call it
		 * runs for (an interceptor), or there is none. */
		ml_sput(&code, "the fault is inside memlens's runtime, in ");
		ml_sput(&code, e[0].func ? e[0].func : "?");
		ml_sput(&code, " (");
		ml_sput(&code, ml_base(e[0].file));
		ml_sput(&code, ":");
		ml_sdec(&code, e[0].line);
		ml_sput(&code, s0 ? "), working for the call above: an argument memlens could not check, or memlens's state was damaged"
		                  : "): memlens's state was damaged (a wild write into it?), or this is a bug in memlens");
	} else if (!line_ok && have_obj && !exe) {
		Dl_info di;
		ml_sput(&code, "the fault is in code built without memlens at ");
		ml_shex(&code, pc);
		if (dladdr((void *)pc, &di) && di.dli_sname) {
			ml_sput(&code, " in ");
			ml_sput(&code, di.dli_sname);
			ml_sput(&code, "+");
			ml_shex(&code, pc - (uptr)di.dli_saddr);
		} else if (ne && e[0].func) {
			ml_sput(&code, " in ");
			ml_sput(&code, e[0].func);
		}
		ml_sput(&code, " (");
		ml_sput(&code, ml_base(ml_pathbuf));
		ml_sput(&code, s0 ? "), called from here" : ")");
	} else if (!line_ok && !have_obj) {
		ml_sput(&code, "the instruction at ");
		ml_shex(&code, pc);
		ml_sput(&code, " is in no loaded object");
		if (s0)
			ml_sput(&code, "; the innermost instrumented function is shown");
	} else if (!line_ok) {
		/* The executable, without line information: name the function
		 * (its symbol), the file of the innermost instrumented one. */
		const char *fn = ne && nrt < ne && e[nrt].func ? e[nrt].func : 0;
		site_t *s = &ml_syn[0];
		memset(s, 0, sizeof *s);
		s->func = fn ? fn : s0 ? s0->func : "?";
		s->file = s0 && (!fn || ml_same_func(fn, s0->func)) ? s0->file : "";
		s->expr = "";
		f->site = s;
		ml_sput(&note, "the faulting line is not known (");
		ml_sput(&note, !ml_flags.symbolize ? "symbolize=0"
		               : ml_find_tool("addr2line", ml_pathbuf, sizeof ml_pathbuf)
		                   ? "no line information: build with -g"
		                   : "addr2line was not found in $PATH");
		ml_sput(&note, fn ? "); the function is the faulting instruction's symbol"
		                  : "); the function is the innermost instrumented one");
		if (fn && !ml_same_func(fn, s0 ? s0->func : 0)) {
			/* a function with no frame of its own (a leaf) */
			const site_t *fr[__ML_MAX_FRAMES];
			unsigned n = 0;
			fr[n++] = s;
			for (unsigned i = 0; i < nsh && n < __ML_MAX_FRAMES; i++)
				fr[n++] = sh[i];
			f->stack = ml_stack_intern(fr, n);
		}
	}
}

/* The recursion on the shadow stack: the shortest cycle of functions
 * repeating at its innermost end, from where it starts. */
static void ml_recursion(struct ml_fault *f)
{
	unsigned d = __ml_t.depth;
	f->depth = d;
	/* slots [0, top) hold frames in order (deeper ones share the last) */
	unsigned top = d < __ML_MAX_FRAMES ? d : __ML_MAX_FRAMES - 1;
	const site_t *const *fr = __ml_t.frames;
	for (unsigned p = 1; p <= 8; p++) {
		if (top < 3 * p + 1)
			break;
		unsigned need = top - p < 48 ? top - p : 48, ok = 0;
		for (unsigned i = top - 1; i >= p && ok < need; i--, ok++)
			if (!ml_same_fn(fr[i], fr[i - p]))
				break;
		if (ok < need)
			continue;
		unsigned i0 = top - p;
		while (i0 > 0 && ml_same_fn(fr[i0 - 1], fr[i0 - 1 + p]))
			i0--;
		for (unsigned k = 0; k < p; k++)
			f->rec[k] = fr[i0 + k]->func;
		f->nrec = p;
		return;
	}
}

/* Is a SIGSEGV at a (stack pointer sp) the stack's end, by a and sp
 * alone? 0: no, 1: yes, 2: ask the maps (ml_overflow_mapped). */
static int ml_overflow_near(uptr a, uptr sp)
{
	if (ml_stk_hi && a >= ml_stk_hi)
		return 0;
	if (ml_stk_lo && a < ml_stk_lo + ML_PAGE && a + ML_GUARD_GAP >= ml_stk_lo)
		return 1;
	if (a + ML_NEAR_SP < sp || a >= sp + ML_NEAR_SP)
		return 0;
	return 2;
}

/* ml_overflow_near's 2, answered with at and next, a's maps */
static int ml_overflow_mapped(uptr a, uptr sp, const struct ml_map *at, int has_at, const struct ml_map *next,
                              int has_next)
{
	/* in no mapping or a guard page, just below a writable one (the
	 * stack), or the stack pointer itself out of the stack (a frame
	 * larger than what was left) */
	if (has_at && strcmp(at->perms, "---p") != 0)
		return 0;
	if (has_next && next->perms[1] == 'w' && next->lo - a <= ML_GUARD_GAP)
		return 1;
	struct ml_map sat, snext;
	int has_sat, has_snext;
	return ml_maps(sp, &sat, &has_sat, &snext, &has_snext) && (!has_sat || sat.perms[1] != 'w');
}

/* Is a SIGSEGV at a (stack pointer sp; at, next: a's maps) the stack's
 * end? */
static int ml_overflow(uptr a, uptr sp, const struct ml_map *at, int has_at, const struct ml_map *next,
                       int has_next)
{
	int near = ml_overflow_near(a, sp);
	return near == 2 ? ml_overflow_mapped(a, sp, at, has_at, next, has_next) : near;
}

int ml_stack_overflow(int sig, const siginfo_t *si, const void *uc)
{
	if (sig != SIGSEGV || !si || si->si_code <= 0 || !uc)
		return 0;
	uptr a = (uptr)si->si_addr, sp = (uptr)((const ucontext_t *)uc)->uc_mcontext.gregs[REG_RSP];
	int near = ml_overflow_near(a, sp); /* (most faults a handler takes: no maps read) */
	if (near != 2)
		return near;
	struct ml_map at, next;
	int has_at, has_next;
	return ml_maps(a, &at, &has_at, &next, &has_next) && ml_overflow_mapped(a, sp, &at, has_at, &next, has_next);
}

/* A description of mapping m: "(r--p /tmp/prog)" */
static void ml_smap(struct ml_str *s, const struct ml_map *m)
{
	ml_sput(s, " (");
	ml_sput(s, m->perms);
	if (m->path[0]) {
		ml_sput(s, " ");
		ml_sput(s, m->path);
	}
	ml_sput(s, ")");
}


/* Was this fault the access memlens reported (or checked and left
 * unreported) just before? At an address: inside the range it named. A
 * general protection fault (no address) after a non-canonical address was
 * named, or a trap gcc put where it proved a NULL dereference: at the same
 * statement (the same shadow depth and innermost site). */
static int ml_seen_fault(int has_addr, uptr addr, int gp, int trap)
{
	if (!ml_tls.last_set)
		return 0;
	uptr n = ml_tls.last_n ? ml_tls.last_n : 1;
	if (has_addr)
		return addr - ml_tls.last_p < n;
	int same = ml_tls.last_depth == __ml_t.depth && ml_tls.last_frame == ml_caller_site();
	return same && ((gp && ml_tls.last_p >= (1UL << 47)) || (trap && ml_tls.last_p < ML_NULL_LIMIT));
}

static void ml_fault(int sig, siginfo_t *si, ucontext_t *uc)
{
	if (__atomic_exchange_n(&ml_fault_busy, 1, __ATOMIC_ACQUIRE)) {
		/* Another thread is reporting, and the process dies after. */
		for (unsigned i = 0; i < 30000; i++) {
			struct timespec ts = {0, 1000000};
			nanosleep(&ts, 0);
		}
		return;
	}
	if (ml_tls.in_report) {
		ml_printf("==%d== memlens: %s while memlens was writing a report: memlens's state is damaged; "
		          "no report\n", (int)getpid(), ml_signame(sig));
		return;
	}
	const greg_t *g = uc->uc_mcontext.gregs;
	uptr pc = (uptr)g[REG_RIP], sp = (uptr)g[REG_RSP], err = (uptr)g[REG_ERR];
	uptr addr = (uptr)si->si_addr;
	struct ml_fault *f = &ml_f;
	memset(f, 0, sizeof *f);
	f->signame = ml_signame(sig);
	f->codename = ml_codename(sig, si->si_code);
	f->pc = pc;
	f->access = "access";
	struct ml_str what = ML_STR(f->what), why = ML_STR(f->why);
	enum ml_kind kind = ML_INVALID_DEREF;
	int called = 0, returned = 0, trap = 0, gp = 0;

	if (sig == SIGSEGV || sig == SIGBUS) {
		struct ml_map at, next;
		int has_at = 0, has_next = 0;
		if (si->si_code == SI_KERNEL) {
			gp = 1;
			/* A general protection fault: the kernel does not say
			 * the address. */
			ml_sput(&what, "access at an address the processor refuses (");
			ml_sput(&what, f->signame);
			ml_sput(&what, ", general protection fault)");
			ml_sput(&why, "the address is not canonical (its top 16 bits are not copies of bit 47: garbage, "
			              "or a pointer with tag bits in its top byte), or the instruction is not allowed here");
		} else {
			f->addr = addr;
			f->has_addr = 1;
			int exec = (err & 16) || addr == pc;
			int write = !exec && (err & 2);
			f->access = exec ? "execute" : write ? "write" : "read";
			if (exec && sp % 8 == 0) {
				/* A call of a bad address pushed its return, at the
				 * stack pointer: the line of the call. A return to a bad
				 * address popped it: it is still the word below (the
				 * handler runs on its own stack), and the word at the
				 * stack pointer is the caller's, no call of it. */
				uptr popped, ret;
				memcpy(&popped, (const void *)(sp - 8), sizeof popped);
				memcpy(&ret, (const void *)sp, sizeof ret);
				Dl_info di;
				int code = dladdr((void *)ret, &di);
				if (popped == addr && !(code && ml_called(ret, addr, g, sp)))
					returned = 1;
				else if (code) {
					pc = ret;
					called = 1;
				}
			}
			ml_maps(addr, &at, &has_at, &next, &has_next);
			if (sig == SIGSEGV && !exec && ml_overflow(addr, sp, &at, has_at, &next, has_next))
				kind = ML_STACK_OVERFLOW;
			else if (addr < ML_NULL_LIMIT && !returned)
				kind = ML_NULL_POINTER_DEREF;
			else if (sig == SIGSEGV && write && si->si_code == SEGV_ACCERR && has_at && at.perms[0] == 'r' &&
			         at.perms[1] != 'w' && !ml_own_table(addr)) /* (the record table reads as zeros) */
				kind = ML_READ_ONLY_WRITE;
			ml_sput(&what, returned ? "return to " : exec ? "call of " : write ? "write at " : "read at ");
			ml_shex(&what, addr);
			ml_sput(&what, " (");
			ml_sput(&what, f->signame);
			ml_sput(&what, ")");
			if (returned) {
				ml_sput(&why, "a function returned to ");
				ml_shex(&why, addr);
				ml_sput(&why, ", which is not code: its return address on the stack was overwritten "
				              "(a write past the end of one of its locals, or a wild write)");
			} else if (kind == ML_NULL_POINTER_DEREF) {
				if (exec)
					ml_sput(&why, addr ? "a call through a NULL function pointer plus an offset"
					                   : "a call through a NULL function pointer");
				else if (addr == 0)
					ml_sput(&why, "the NULL pointer");
				else {
					ml_sput(&why, "in the first page: a NULL pointer plus offset ");
					ml_sdec(&why, addr);
				}
			} else if (kind == ML_READ_ONLY_WRITE) {
				ml_shex(&why, addr);
				ml_sput(&why, " is read-only memory");
				ml_smap(&why, &at);
				ml_sput(&why, ": a string literal, a const object or code, through a pointer memlens could not follow");
			} else if (kind == ML_INVALID_DEREF) {
				ml_shex(&why, addr);
				if (sig == SIGBUS && si->si_code == BUS_ADRALN)
					ml_sput(&why, " is not aligned as the instruction requires");
				else if (sig == SIGBUS) {
					ml_sput(&why, " is mapped but has no memory behind it");
					if (has_at)
						ml_smap(&why, &at);
					ml_sput(&why, ": a mapped file shorter than its mapping");
				} else if (ml_own_table(addr)) {
					ml_sput(&why, " is inside memlens's ");
					ml_sput(&why, ml_own_table(addr));
					ml_sput(&why, has_at && at.perms[1] != 'w' ? ", past the part in use" : "");
					ml_sput(&why, ": no object of the program can be there (a wild pointer memlens could not "
					              "follow, or code built without memlens, ran into memlens's memory)");
				} else if (!has_at)
					ml_sput(&why, " is not mapped: no object can be there (an address made from an integer, "
					              "garbage, or a pointer memlens could not follow)");
				else {
					ml_sput(&why, exec ? " is not code" : " is memory the access is not allowed to");
					ml_smap(&why, &at);
				}
			}
		}
	} else if (sig == SIGFPE) {
		kind = ML_ARITHMETIC_ERROR;
		f->addr = (uptr)si->si_addr; /* (the instruction) */
		f->access = "arithmetic";
		uint64_t v;
		unsigned bits;
		int sgn;
		int code = si->si_code;
		if (code == FPE_INTDIV || code == FPE_INTOVF) {
			int dv = ml_divisor(uc, pc, &v, &bits, &sgn);
			if (dv && v == 0) {
				ml_sput(&what, "integer division by zero");
				ml_sput(&why, "the divisor (or modulus) is zero");
			} else if (dv && sgn && v == (bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1)) {
				ml_sput(&what, "integer overflow in a division");
				ml_sput(&why, "the most negative value divided by -1: the quotient does not fit its type");
			} else {
				ml_sput(&what, "integer division fault");
				ml_sput(&why, "a division by zero, or of the most negative value by -1");
			}
		} else {
			ml_sput(&what, code == FPE_FLTDIV   ? "floating-point division by zero"
			               : code == FPE_FLTOVF ? "floating-point overflow"
			               : code == FPE_FLTUND ? "floating-point underflow"
			               : code == FPE_FLTRES ? "inexact floating-point result"
			               : code == FPE_FLTINV ? "invalid floating-point operation"
			                                    : "arithmetic fault");
			ml_sput(&why, "a floating-point exception the program enabled (feenableexcept) was raised");
		}
		ml_sput(&what, " (SIGFPE)");
	} else { /* SIGILL */
		kind = ML_ILLEGAL_INSTRUCTION;
		f->access = "execute";
		f->addr = (uptr)si->si_addr; /* (the instruction) */
		const unsigned char *c = (const unsigned char *)pc;
		trap = c[0] == 0x0f && c[1] == 0x0b;
		ml_sput(&what, "illegal instruction at ");
		ml_shex(&what, pc);
		ml_sput(&what, " (SIGILL)");
		ml_sput(&why, trap ? "a trap instruction (ud2): __builtin_trap(), or a path gcc proved undefined "
		                     "(a NULL dereference, a missing return) and replaced with a trap"
		                   : "the processor does not know this instruction here: code built for another "
		                     "processor, or a jump into data");
	}

	if (ml_seen_fault(f->has_addr, addr, gp, trap) || !ML_LOAD(&ml_kind_enabled[kind]))
		return;
	/* The report reads memlens's tables: a fault there (state a wild
	 * write damaged) comes back here, said in one line, and the program
	 * dies of its own signal. */
	sigjmp_buf jb;
	ML_COLD_GUARD(jb, outer)
	{
		if (ml_tls.in_report) {
			ml_tls.in_report = 0;
			ml_report_unlock();
		}
		return;
	}
	sigset_t faults;
	sigemptyset(&faults);
	sigaddset(&faults, SIGSEGV);
	sigaddset(&faults, SIGBUS);
	pthread_sigmask(SIG_UNBLOCK, &faults, 0);
	ml_locate(f, pc, called);
	if (kind == ML_STACK_OVERFLOW) {
		unsigned tid = ml_self_id();
		ml_recursion(f);
		f->stack_size = ml_stk_lo && ml_stk_hi ? ml_stk_hi - ml_stk_lo : 0;
		why.len = 0;
		why.p[0] = 0;
		ml_sput(&why, "the stack of thread T");
		ml_sdec(&why, tid);
		if (f->stack_size) {
			ml_sput(&why, " (");
			ml_ssize(&why, f->stack_size);
			ml_sput(&why, ")");
		}
		ml_sput(&why, " is exhausted, ");
		ml_sdec(&why, f->depth);
		ml_sput(&why, f->depth == 1 ? " instrumented call deep" : " instrumented calls deep");
		if (f->nrec == 1) {
			ml_sput(&why, ": `");
			ml_sput(&why, f->rec[0]);
			ml_sput(&why, "` calls itself without end");
		} else if (f->nrec) {
			ml_sput(&why, ": ");
			for (unsigned i = 0; i < f->nrec; i++) {
				ml_sput(&why, i == 0 ? "`" : i + 1 == f->nrec ? "` and `" : "`, `");
				ml_sput(&why, f->rec[i]);
			}
			ml_sput(&why, "` call each other without end (");
			for (unsigned i = 0; i <= f->nrec; i++) {
				ml_sput(&why, f->rec[i % f->nrec]);
				ml_sput(&why, i < f->nrec ? " -> " : ")");
			}
		} else {
			ml_sput(&why, ", with no recursion: a large local array, alloca or VLA (or recursion in code "
			              "built without memlens)");
		}
		what.len = 0;
		what.p[0] = 0;
		ml_sput(&what, f->access[0] == 'w' ? "write at " : "read at ");
		ml_shex(&what, addr);
		ml_sput(&what, " (SIGSEGV), past the end of the stack");
	}
	ml_report_fault(kind, f);
	ML_COLD_UNGUARD(outer);
}

static void ml_on_signal(int sig, siginfo_t *si, void *ctx)
{
	int e = errno;
	/* A fault in a cold path of memlens (a report, the leak check): a
	 * wild write damaged what it reads. It is abandoned. */
	if (si && si->si_code > 0 && (sig == SIGSEGV || sig == SIGBUS) && ml_tls.recover) {
		ml_damaged("a fault at 0x%lx while memlens read its tables", (uptr)si->si_addr);
		siglongjmp(*(sigjmp_buf *)ml_tls.recover, 1);
	}
	/* (si_code <= 0: sent by a process, not a fault) */
	if (si && si->si_code > 0 && ml_state == ML_READY && !ML_LOAD(&ml_damage))
		ml_fault(sig, si, (ucontext_t *)ctx);
	ml_die_of(sig);
	errno = e;
}
