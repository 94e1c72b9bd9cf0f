/* thread.c: per-thread state and memlens thread ids.
 *
 * T0 is the main thread. Threads started through __ml_pthread_create get
 * T1, T2, ... in creation order (the id is taken when pthread_create is
 * called) and remember who created them and where. Threads started by code
 * memlens does not see (a library calling pthread_create itself) get the
 * next free id the first time the runtime needs one.
 */
#include "internal.h"

#include <errno.h>
#include <limits.h>
#include <link.h>
#include <linux/futex.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <threads.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

/* The ABI's per-thread block. initial-exec: the executable's static TLS, so
 * the inline checks address it with one %fs-relative instruction. */
__thread struct __ml_thread __ml_t __attribute__((tls_model("initial-exec")));

/* A runtime built for another ABI does not define this, so stale objects
 * fail to link (memlens.h references it from every instrumented object). */
const int __memlens_abi_v63 = 63;

__thread struct ml_tls ml_tls __attribute__((tls_model("initial-exec")));

/* Thread table: indexed by id, written once when the id is handed out. */
struct ml_thr {
	uint32_t parent_plus1;  /* creator's id + 1; 0 = unknown */
	uint32_t stack;         /* creation stack */
	uptr stack_lo, stack_hi; /* its stack (with its TLS), while live (leaks.c) */
	int32_t ktid;           /* the kernel's id of the thread, for the stop signal */
	uptr parked_sp;         /* its stack pointer while it is stopped (ml_world_stopped) */
	uptr parked_regs;       /* where its interrupted registers were copied meanwhile (or 0) */
};
#define ML_MAX_THREADS (1u << 22)
#define ML_THR ((struct ml_thr *)ML_THR_ADDR)
/* The threads whose stacks' shadows keep small pages: the advice splits
 * mappings (32 threads at once: 291 -> 377, against the kernel's limit of
 * 65530), and a thread made later most often runs on a stack an ended one
 * had. */
#define ML_SMALL_PAGES_THREADS 4096u

/* thread.c's part of the state mapping (internal.h); ml_world is there too */
struct ml_thread_state {
	unsigned next_tid; /* main's is 0 */
	pthread_key_t exit_key;
	int exit_key_ok;
	struct {
		int active; /* futex word: parked threads wait while it is 1 */
		unsigned parked;
	} world;
};
_Static_assert(ML_ST_THREAD + sizeof(struct ml_thread_state) <= ML_ST_INIT, "thread.c's state fits");
#define ML_THS (&ML_STATE_AT(struct ml_thread_state, ML_ST_THREAD))
#define ml_next_tid (ML_THS->next_tid)
#define ml_exit_key (ML_THS->exit_key)
#define ml_exit_key_ok (ML_THS->exit_key_ok)
#define ml_world (ML_THS->world)

/* pthread key destructor: retire the locals pthread_exit left behind and
 * hand this thread's cached record slots back so short-lived threads do
 * not strand them. */
static void ml_thread_exit(void *arg)
{
	(void)arg;
	ml_locals_exit();
	ml_loss_thread_exit();
	ml_slots_flush();
	ml_pool_thread_exit();
	ml_steps_leave();
	unsigned id = __ml_t.id;
	if (id && id < ML_MAX_THREADS)
		ML_STORE(&ML_THR[id].stack_hi, 0);
	if (ml_tls.side && __ml_t.side == ml_tls.side) {
		/* (a destructor instrumented code runs later maps another) */
		munmap(ml_tls.side, ml_tls.side_size);
		ml_tls.side = __ml_t.side = 0;
	}
}

/* The thread's side stack, made at its first instrumented call: 256 MiB
 * reserved, whose pages are used only once touched, four words for each
 * 8 bytes of the largest stack init.c lets a thread grow (64 MiB), so a
 * recursion the native stack holds fits it (less under a limit of the
 * address space). */
__ml_uptr *__ml_side_new(void)
{
	size_t size = 256UL << 20;
	void *p;
	while ((p = mmap(0, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)) == MAP_FAILED) {
		if (size == 1UL << 20) {
			ml_printf("memlens: cannot map a side stack: %s\n", strerror(errno));
			_exit(1);
		}
		size /= 2;
	}
	/* its last page a guard: the stack grows up, towards whatever the
	 * kernel mapped next (a thread's stack, a library), which an overflow
	 * would overwrite unseen; it faults instead, as the native stack's
	 * overflow does */
	mprotect((char *)p + size - 4096, 4096, PROT_NONE);
	ml_tls.side = p;
	ml_tls.side_size = size;
	ml_thread_exit_hook();
	return __ml_t.side = p;
}

void ml_thread_exit_hook(void)
{
	/* Register the destructor lazily (first slot use by this thread):
	 * pthread_setspecific on a low key never allocates. */
	if (!ml_tls.key_set && ml_exit_key_ok) {
		ml_tls.key_set = 1;
		pthread_setspecific(ml_exit_key, (void *)1);
	}
}

void ml_thread_init_main(void)
{
	ml_map_fixed(ML_THR_ADDR, ML_MAX_THREADS * sizeof(struct ml_thr), "thread table");
	if (pthread_key_create(&ml_exit_key, ml_thread_exit) == 0)
		ml_exit_key_ok = 1;
	__ml_t.id = 0;
	ml_next_tid = 1;
	ML_STORE(&ML_THR[0].ktid, (int32_t)getpid());
	ml_tls.registered = 1;
	ml_tls.key_set = 1; /* the main thread's caches die with the process */
}

/* In the child of a fork, which has only the thread that forked: the
 * others' stacks are no longer theirs (glibc reuses or unmaps them, and a
 * guard page put in one faulted the leak check's scan) and their kernel
 * ids are the parent's; this thread's id is the child's pid. */
void ml_thread_forked(void)
{
	unsigned self = __ml_t.id, end = ML_LOAD(&ml_next_tid);
	for (unsigned id = 1; id < end && id < ML_MAX_THREADS; id++)
		if (id != self) {
			ML_STORE(&ML_THR[id].stack_hi, 0);
			ML_STORE(&ML_THR[id].ktid, 0);
		}
	if (self < ML_MAX_THREADS)
		ML_STORE(&ML_THR[self].ktid, (int32_t)getpid());
}

static unsigned ml_new_tid(void)
{
	return __atomic_fetch_add(&ml_next_tid, 1, __ATOMIC_RELAXED);
}

/* A thread memlens did not start: give it an id now. */
void ml_thread_adopt(void)
{
	if (ml_state != ML_READY) {
		/* Before init only the main thread exists. */
		return;
	}
	unsigned id = ml_new_tid();
	__ml_t.id = id;
	ml_tls.registered = 1;
	ml_mt_on(); /* (from now on, what threads share changes atomically) */
}

int ml_thread_info(unsigned id, unsigned *parent, unsigned *stack)
{
	if (id == 0 || id >= ML_MAX_THREADS)
		return 0;
	struct ml_thr t;
	t.parent_plus1 = ML_ACQ(&ML_THR[id].parent_plus1);
	t.stack = ML_LOAD(&ML_THR[id].stack);
	if (t.parent_plus1 == 0)
		return 0;
	*parent = t.parent_plus1 - 1;
	*stack = t.stack;
	return 1;
}

void ml_threads_small_pages(void)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	unsigned n = ML_LOAD(&ml_next_tid);
	for (unsigned id = 1; id < n && id < ML_SMALL_PAGES_THREADS; id++) {
		uptr hi = ML_LOAD(&ML_THR[id].stack_hi);
		if (hi)
			ml_shadow_small_pages(ML_LOAD(&ML_THR[id].stack_lo), hi);
	}
}

uptr ml_thread_stack_top(void)
{
	unsigned id = __ml_t.id;
	return id && id < ML_MAX_THREADS ? ML_LOAD(&ML_THR[id].stack_hi) : 0;
}

uptr ml_thread_stack_lo(void)
{
	unsigned id = __ml_t.id;
	return id && id < ML_MAX_THREADS ? ML_LOAD(&ML_THR[id].stack_lo) : 0;
}

int ml_thread_stack(unsigned id, uptr *lo, uptr *hi)
{
	*lo = *hi = 0;
	if (id >= ML_LOAD(&ml_next_tid) || id >= ML_MAX_THREADS)
		return -1;
	if (id != __ml_t.id) {
		*hi = ML_LOAD(&ML_THR[id].stack_hi);
		*lo = ML_LOAD(&ML_THR[id].stack_lo);
		uptr sp = ml_thread_parked_sp(id);
		if (sp > *lo && sp < *hi)
			*lo = sp; /* (below it only the past, which may hold stale pointers) */
	}
	return 0;
}

uptr ml_thread_parked_sp(unsigned id)
{
	return id < ML_MAX_THREADS ? ML_LOAD(&ML_THR[id].parked_sp) : 0;
}

uptr ml_thread_parked_regs(unsigned id, uptr *hi)
{
	uptr r = id < ML_MAX_THREADS ? ML_LOAD(&ML_THR[id].parked_regs) : 0;
	*hi = r ? r + NGREG * sizeof(greg_t) : 0;
	return r;
}

/* ---- __ml_pthread_create ---- */

struct ml_start {
	void *(*fn)(void *);
	void *arg;
	meta_t argm;
	const site_t *site; /* the call of pthread_create, and the provenance */
	prov_t argw;        /* of the argument it handed on */
	unsigned id;
};

static void *ml_thread_start(void *p)
{
	struct ml_start st = *(struct ml_start *)p;
	__libc_free(p);
	__ml_t.id = st.id;
	__ml_t.depth = 0;
	ml_tls.registered = 1;
	pthread_attr_t a;
	void *lo = 0;
	size_t size = 0;
	if (st.id < ML_MAX_THREADS && pthread_getattr_np(pthread_self(), &a) == 0) {
		if (pthread_attr_getstack(&a, &lo, &size) == 0) {
			ML_STORE(&ML_THR[st.id].ktid, (int32_t)syscall(SYS_gettid));
			ML_STORE(&ML_THR[st.id].stack_lo, (uptr)lo);
			ML_STORE(&ML_THR[st.id].stack_hi, (uptr)lo + size);
			/* (after the store: advice for huge pages given meanwhile
			 * either saw it or came before) */
			__atomic_thread_fence(__ATOMIC_SEQ_CST);
			if (st.id < ML_SMALL_PAGES_THREADS)
				ml_shadow_small_pages((uptr)lo, (uptr)lo + size);
			ml_thread_exit_hook(); /* forget the stack when the thread ends */
		}
		pthread_attr_destroy(&a);
	}
	ml_signals_thread((uptr)lo, (uptr)lo + size);
	/* The start routine is instrumented code: hand it the argument's meta
	 * through the ordinary calling protocol. */
	__ml_t.callee = (uptr)st.fn;
	__ml_t.arg[0] = st.argm;
	__ml_t.argsite[0] = st.site;
	__ml_t.argprov[0] = st.argw;
	void *r = st.fn(st.arg);
	/* the reference pthread_create held for it until the start routine
	 * had its own */
	__ml_unref(st.argm, 0, __ML_LOSS_SCOPE);
	ml_loss_thread_exit();
	return r;
}

/* A thread-specific value is kept in the thread's descriptor, which no
 * leak check searches: its block is no longer followed (__ml_escape), as
 * one handed to other code memlens does not see. */
static void ml_escape_value(uptr self, const void *value)
{
	__ml_escape(ml_own_args(self) ? __ml_t.arg[1] : __ml_meta_of(value));
}

int __ml_pthread_setspecific(unsigned key, const void *value)
{
	ml_escape_value((uptr)&__ml_pthread_setspecific, value);
	return pthread_setspecific(key, value);
}

int __ml_tss_set(unsigned key, void *value)
{
	ml_escape_value((uptr)&__ml_tss_set, value);
	return tss_set(key, value);
}

/* The executable's static TLS, the runtime's thread-locals (tens of KiB:
 * __ml_t's frames, the stack caches) among it, which glibc takes from the
 * top of every thread's stack. */
static size_t ml_exe_tls_size(void)
{
	const ElfW(Phdr) *ph = (const ElfW(Phdr) *)getauxval(AT_PHDR);
	for (unsigned long i = 0, n = getauxval(AT_PHNUM); ph && i < n; i++)
		if (ph[i].p_type == PT_TLS)
			return (ph[i].p_memsz + ph[i].p_align - 1) & ~(size_t)(ph[i].p_align - 1);
	return 0;
}

/* The stack size attr sets for a stack glibc allocates, grown by the
 * executable's static TLS (0: the default size, or the program's own
 * stack). A size that fits the program's thread-locals natively
 * (PTHREAD_STACK_MIN) would not fit the runtime's too: pthread_create
 * failed with EINVAL, and a larger one left the thread that much less. */
static size_t ml_grown_stack_size(const pthread_attr_t *attr)
{
	void *addr;
	size_t size;
	/* (glibc gives an unset stack address as 0 - size) */
	if (pthread_attr_getstack(attr, &addr, &size) || size == 0 || (uptr)addr + size != 0)
		return 0;
	return size + ml_exe_tls_size();
}

int __ml_pthread_create(void *thr, const void *attr, void *(*fn)(void *), void *arg)
{
	int own = ml_own_args((uptr)&__ml_pthread_create);
	meta_t mthr = own ? __ml_t.arg[0] : __ml_meta_of(thr);
	meta_t mattr = own ? __ml_t.arg[1] : __ml_meta_of(attr);
	meta_t marg = own ? __ml_t.arg[3] : __ml_meta_of(arg);

	ml_check(thr, mthr, sizeof(pthread_t), 1, "pthread_create");
	if (attr)
		ml_check(attr, mattr, sizeof(pthread_attr_t), 0, "pthread_create");

	struct ml_start *st = __libc_malloc(sizeof *st);
	if (!st)
		return 11; /* EAGAIN */
	unsigned parent = ml_self_id();
	st->fn = fn;
	st->arg = arg;
	st->argm = marg;
	st->site = ml_caller_site();
	st->argw = ml_arg_word(3);
	st->id = ml_new_tid();
	ml_mt_on();
	__ml_ref(marg, 0);
	if (st->id < ML_MAX_THREADS) {
		ML_STORE(&ML_THR[st->id].stack, ml_stack_capture(0));
		ML_REL(&ML_THR[st->id].parent_plus1, parent + 1);
	}
	/* the size is set on the program's attr for the call only: a copy
	 * would need each of its attributes read and set again */
	size_t grown = attr ? ml_grown_stack_size(attr) : 0, asked = 0;
	if (grown) {
		pthread_attr_getstacksize(attr, &asked);
		pthread_attr_setstacksize((pthread_attr_t *)attr, grown);
	}
	int rc = pthread_create((pthread_t *)thr, (const pthread_attr_t *)attr, ml_thread_start, st);
	if (grown)
		pthread_attr_setstacksize((pthread_attr_t *)attr, asked);
	if (rc == 0)
		ml_def_clear(thr, sizeof(pthread_t));
	if (rc != 0) {
		__ml_unref(marg, 0, __ML_LOSS_SCOPE);
		__libc_free(st);
	}
	return rc;
}

/* ---- stopping the world (the leak check at exit) ----
 *
 * A thread that calls exit() ends the process, but until it does the
 * other threads run: their stacks and registers hold the blocks they work
 * on, and they allocate and free while the heap is scanned. The check
 * sends each live thread memlens started (and main) the stop signal; its
 * handler copies the registers it interrupted onto the thread's stack,
 * which the check scans whole, spills the callee-saved ones there too and
 * waits on a futex until the check is done. A thread inside a runtime
 * section parks at the section's end (handlers.c), so no parked thread
 * holds a runtime lock, libc's allocator or a half-made record; the stop
 * runs inside dl_iterate_phdr, so none holds ld.so's lock either. */

void ml_world_park(const void *uc)
{
	if (!ML_ACQ(&ml_world.active))
		return;
	int saved = errno;
	greg_t regs[NGREG];
	if (uc)
		memcpy(regs, ((const ucontext_t *)uc)->uc_mcontext.gregs, sizeof regs);
	else
		memset(regs, 0, sizeof regs);
	__builtin_unwind_init();
	__asm__ volatile("" : : "r"(regs) : "memory");
	unsigned id = __ml_t.id;
	if (id < ML_MAX_THREADS && uc) {
		/* Interrupted by the stop signal: its registers, and its stack
		 * from the stack pointer it had. Not the signal frame nor the
		 * red zone below that pointer, where the frames of the calls
		 * that returned left pointers they no longer hold. */
		ML_STORE(&ML_THR[id].parked_regs, (uptr)regs);
		ML_STORE(&ML_THR[id].parked_sp, (uptr)regs[REG_RSP]);
	} else if (id < ML_MAX_THREADS) {
		/* parked at a section's end, in its own code: regs is this
		 * frame's lowest word the scan needs (the spills and the
		 * caller's frames lie above it) */
		ML_STORE(&ML_THR[id].parked_sp, (uptr)regs < (uptr)&id ? (uptr)regs : (uptr)&id);
	}
	__atomic_fetch_add(&ml_world.parked, 1, __ATOMIC_RELEASE);
	while (ML_ACQ(&ml_world.active))
		syscall(SYS_futex, &ml_world.active, FUTEX_WAIT_PRIVATE, 1, 0, 0, 0);
	if (id < ML_MAX_THREADS) {
		ML_STORE(&ML_THR[id].parked_sp, 0);
		ML_STORE(&ML_THR[id].parked_regs, 0);
	}
	errno = saved;
}

static void ml_on_stop(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)si;
	if (ML_UNLIKELY(ml_tls.busy))
		__atomic_fetch_or(&ml_tls.deferred, 1ull << (ML_STOP_SIG - 1), __ATOMIC_RELAXED);
	else
		ml_world_park(uc);
}

static uint64_t ml_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int ml_stop_and_run(struct dl_phdr_info *info, size_t size, void *arg)
{
	(void)info;
	(void)size;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = ml_on_stop;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigfillset(&sa.sa_mask);
	sigaction(ML_STOP_SIG, &sa, 0);
	ML_STORE(&ml_world.parked, 0);
	ML_REL(&ml_world.active, 1);
	pid_t pid = getpid();
	unsigned self = ml_self_id(), sent = 0, end = ML_LOAD(&ml_next_tid);
	for (unsigned id = 0; id < end && id < ML_MAX_THREADS; id++) {
		int32_t kt = ML_LOAD(&ML_THR[id].ktid);
		if (id == self || kt <= 0 || (id != 0 && !ML_LOAD(&ML_THR[id].stack_hi)))
			continue;
		if (syscall(SYS_tgkill, pid, kt, ML_STOP_SIG) == 0)
			sent++;
	}
	/* (a thread blocking the signal never parks: after a second it is
	 * scanned as it is) */
	uint64_t deadline = ml_now_ns() + 1000000000u;
	while (ML_ACQ(&ml_world.parked) < sent && ml_now_ns() < deadline)
		sched_yield();
	((void (*)(void))arg)();
	ML_REL(&ml_world.active, 0);
	syscall(SYS_futex, &ml_world.active, FUTEX_WAKE_PRIVATE, INT_MAX, 0, 0, 0);
	return 1;
}

void ml_world_stopped(void (*fn)(void))
{
	ml_rt_enter(); /* (this thread's own handlers wait too) */
	if (ML_LOAD(&ml_next_tid) > 1)
		dl_iterate_phdr(ml_stop_and_run, (void *)fn);
	else
		fn();
	ml_rt_leave();
}
