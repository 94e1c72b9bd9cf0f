/* thread.c: per-thread state and memlens thread ids.
 *
 * T0 is the main thread. Threads started through __ml_pthread_create get
 * T1, T2, ... in creation order (the id is taken when pthread_create is
 * called) and remember who created them and where. Threads started by code
 * memlens does not see (a library calling pthread_create itself) get the
 * next free id the first time the runtime needs one.
 */
#include "internal.h"

#include <pthread.h>
#include <sys/mman.h>

/* The ABI's per-thread block. initial-exec: the executable's static TLS, so
 * the inline checks address it with one %fs-relative instruction. */
__thread struct __ml_thread __ml_t __attribute__((tls_model("initial-exec")));

/* A runtime built for another ABI does not define this, so stale objects
 * fail to link (memlens.h references it from every instrumented object). */
const int __memlens_abi_v23 = 23;

__thread struct ml_tls ml_tls __attribute__((tls_model("initial-exec")));

/* Thread table: indexed by id, written once when the id is handed out. */
struct ml_thr {
	uint32_t parent_plus1;  /* creator's id + 1; 0 = unknown */
	uint32_t stack;         /* creation stack */
	uptr stack_lo, stack_hi; /* its stack (with its TLS), while live (leaks.c) */
};
#define ML_MAX_THREADS (1u << 22)
#define ML_THR ((struct ml_thr *)ML_THR_ADDR)

static unsigned ml_next_tid = 1;
static pthread_key_t ml_exit_key;
static int ml_exit_key_ok;

/* pthread key destructor: retire the locals pthread_exit left behind and
 * hand this thread's cached record slots back so short-lived threads do
 * not strand them. */
static void ml_thread_exit(void *arg)
{
	(void)arg;
	ml_locals_exit();
	ml_loss_thread_exit();
	ml_slots_flush();
	unsigned id = __ml_t.id;
	if (id && id < ML_MAX_THREADS)
		ML_STORE(&ML_THR[id].stack_hi, 0);
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
	ml_tls.registered = 1;
	ml_tls.key_set = 1; /* the main thread's caches die with the process */
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

uptr ml_thread_stack_top(void)
{
	unsigned id = __ml_t.id;
	return id && id < ML_MAX_THREADS ? ML_LOAD(&ML_THR[id].stack_hi) : 0;
}

int ml_thread_stack(unsigned id, uptr *lo, uptr *hi)
{
	*lo = *hi = 0;
	if (id >= ML_LOAD(&ml_next_tid) || id >= ML_MAX_THREADS)
		return -1;
	if (id != __ml_t.id) {
		*hi = ML_LOAD(&ML_THR[id].stack_hi);
		*lo = ML_LOAD(&ML_THR[id].stack_lo);
	}
	return 0;
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
			ML_STORE(&ML_THR[st.id].stack_lo, (uptr)lo);
			ML_STORE(&ML_THR[st.id].stack_hi, (uptr)lo + size);
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
	st->argw = ml_arg_word(3, marg);
	st->id = ml_new_tid();
	ML_STORE(&__ml_mt, 1);
	__ml_ref(marg, 0);
	if (st->id < ML_MAX_THREADS) {
		ML_STORE(&ML_THR[st->id].stack, ml_stack_capture(0));
		ML_REL(&ML_THR[st->id].parent_plus1, parent + 1);
	}
	int rc = pthread_create((pthread_t *)thr, (const pthread_attr_t *)attr, ml_thread_start, st);
	if (rc == 0)
		ml_def_clear(thr, sizeof(pthread_t));
	if (rc != 0) {
		__ml_unref(marg, 0, __ML_LOSS_SCOPE);
		__libc_free(st);
	}
	return rc;
}
