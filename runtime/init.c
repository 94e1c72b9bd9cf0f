/* init.c: runtime start-up and the exit status.
 *
 * __ml_init runs from the executable's .preinit_array, before any
 * constructor and before any instrumented code, and lazily from malloc & co
 * (libc or ld.so may allocate before preinit). It is idempotent; a malloc
 * made while it runs (ml_state == ML_INITIALIZING) goes straight to libc
 * and is remembered so a later free() of it is not taken for a bug.
 *
 * Exit status: on_exit() handler registered during init, i.e. before
 * __libc_start_main registers ld.so's destructor runner, so it runs after
 * every other exit handler and every destructor. If an error was reported
 * it flushes stdio (exit would do that after the handlers, but _exit does
 * not) and calls _exit(exitcode). Before that it runs the leak check
 * (leaks.c), the only thing printed at exit, with the other threads
 * stopped (thread.c). A program killed by a signal
 * runs neither: a fatal signal's report (signals.c) leaves the process to
 * die of the signal, with the status it has without memlens.
 */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

/* The start-up gate: malloc reads it before the state mapping exists, so
 * it stays in the program's .bss (ml_ready repairs garbage in it). */
int ml_state;

/* vm.mmap_min_addr, when /proc tells it (raw syscalls: libc may not be
 * ready for stdio). */
static void ml_read_min_mapped(void)
{
	ml_min_mapped = 65536; /* the kernel's default */
	char buf[32];
	int fd = open("/proc/sys/vm/mmap_min_addr", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return;
	uptr v = 0;
	for (ssize_t i = 0; i < n && buf[i] >= '0' && buf[i] <= '9'; i++)
		v = v * 10 + (uptr)(buf[i] - '0');
	ml_min_mapped = v > ML_NULL_LIMIT ? v : ML_NULL_LIMIT;
}

/* Shadow images of the three application ranges. */
static const struct {
	uptr lo, hi;
} ml_app[] = {
	{0x000000000000UL, 0x010000000000UL},
	{0x510000000000UL, 0x600000000000UL},
	{0x700000000000UL, 0x800000000000UL},
};

void *ml_map_prot(uptr addr, uptr size, int prot)
{
	void *p = mmap((void *)addr, size, prot, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
	if (p != (void *)addr) {
		int e = p == MAP_FAILED ? errno : EEXIST;
		/* A kernel without MAP_FIXED_NOREPLACE treats it as a hint. */
		if (p != MAP_FAILED)
			munmap(p, size);
		ml_printf("memlens: cannot reserve shadow memory at 0x%lx: %s\n",
		          (unsigned long)addr, strerror(e));
		_exit(1);
	}
	return p;
}

void *ml_map_fixed(uptr addr, uptr size, const char *what)
{
	(void)what; /* kept for debugging; the message format is fixed */
	return ml_map_prot(addr, size, PROT_READ | PROT_WRITE);
}

void ml_def_forget(void)
{
	for (unsigned i = 0; i < 3; i++) {
		uptr lo = ml_app[i].lo, size = ml_app[i].hi - ml_app[i].lo;
		madvise((void *)__ML_DEF_SHADOW(lo), size / 8, MADV_DONTNEED);
	}
}

/* The records and the pointer shadow, which checks and the program's
 * pointers reach at random, get huge pages once the program holds many
 * objects (ml_slot_tables_open calls this as it opens slots past the first
 * batch): with 4 KiB pages a pointer-chasing program misses the TLB on each
 * of them as well as on its own data. A small program keeps 4 KiB pages,
 * where each huge page would cost it 2 MiB of memory for a few entries.
 * The live-base and heap maps keep 4 KiB pages: no check reads them
 * (registering a variable, malloc, free by address and the leak check
 * do), a page of the heap map covers 32 KiB of heap, whose own pages miss
 * the TLB first, and huge pages rounded them up to 2 MiB around each
 * cluster of entries: at each end of the heap (hash's 2.5 MB of entries
 * took 5.4) and at each thread's stack (its locals). So do the shadows of
 * threads' stacks (ml_shadow_small_pages). */
void ml_advise_huge_pages(void)
{
	for (unsigned i = 0; i < 3; i++) { /* (advice: failure changes nothing) */
		uptr lo = ml_app[i].lo, size = ml_app[i].hi - ml_app[i].lo;
		madvise(__ML_META_SHADOW(lo), size, MADV_HUGEPAGE);
		madvise((void *)__ML_DEF_SHADOW(lo), size / 8, MADV_HUGEPAGE);
	}
	ml_threads_small_pages();
}

/* The shadows of the stack [lo, hi) of a thread keep 4 KiB pages: it
 * writes the top few KiB of its stack, and each thread took a huge page of
 * each shadow whole (32 threads past the first batch of slots: 29 MB with
 * small pages, 194 MB with huge ones, with the live-base map's). So do a
 * library's data segments' as the leak check reads them (leaks.c). The range
 * is widened to whole huge pages, which the guard pages between stacks
 * side by side do not split: their advice makes one mapping, not two more
 * for each thread. */
void ml_shadow_small_pages(uptr lo, uptr hi)
{
	uptr huge = (uptr)2 << 20;
	lo &= ~(huge - 1);
	hi = (hi + huge - 1) & ~(huge - 1);
	if (hi <= lo || !ml_app_range(lo, hi - lo))
		return;
	madvise(__ML_META_SHADOW(lo), hi - lo, MADV_NOHUGEPAGE);
	madvise((void *)__ML_DEF_SHADOW(lo), (hi - lo) / 8, MADV_NOHUGEPAGE);
}

/* Blocks libc handed out while init ran: they have no record. */
#define ML_INIT_BLOCKS 64
/* init.c's part of the state mapping (internal.h) */
struct ml_init_state {
	const void *blocks[ML_INIT_BLOCKS];
	unsigned nblocks;
	int flags_done;
};
_Static_assert(ML_ST_INIT + sizeof(struct ml_init_state) <= ML_ST_HANDLERS, "init.c's state fits");
#define ML_IS (&ML_STATE_AT(struct ml_init_state, ML_ST_INIT))
#define ml_init_blocks (ML_IS->blocks)
#define ml_n_init_blocks (ML_IS->nblocks)
#define ml_flags_done (ML_IS->flags_done)

void ml_init_block_add(const void *p)
{
	if (p && ml_n_init_blocks < ML_INIT_BLOCKS)
		ml_init_blocks[ml_n_init_blocks++] = p;
}

int ml_init_block_take(const void *p)
{
	if (!p)
		return 0;
	for (unsigned i = 0; i < ml_n_init_blocks; i++)
		if (ml_init_blocks[i] == p) {
			ml_init_blocks[i] = 0;
			return 1;
		}
	return 0;
}

/* What the heap looks like as the program ends, with the other threads
 * stopped (their stacks and registers are roots until the process ends). */
static void ml_exit_checks(void)
{
	ml_cycles_collect(ML_CYCLES_EXIT);
	ml_check_leaks();
}

static void ml_on_exit(int status, void *arg)
{
	(void)arg;
	ml_graph_flush();
	if (ml_flags.detect_leaks || ML_LOAD(&ml_loss_on))
		ml_world_stopped_here(ml_exit_checks);
	if (ml_errors && ml_flags.exitcode != 0 && status != ml_flags.exitcode) {
		fflush(NULL);
		_exit(ml_flags.exitcode);
	}
}

static void ml_atfork_prepare(void)
{
	ml_report_lock();
	ml_records_lock_all();
	ml_pools_lock();
}

static void ml_atfork_parent(void)
{
	ml_pools_unlock();
	ml_records_unlock_all();
	ml_report_unlock();
}

static void ml_atfork_child(void)
{
	ml_pools_unlock();
	ml_records_unlock_all();
	ml_report_unlock();
	ml_graph_forked();
	ml_thread_forked();
}

/* Options built into the program (the driver's for autoconf's probes,
 * whose exit status is configure's answer: link.go), which
 * MEMLENS_OPTIONS overrides. */
extern const char __memlens_default_options[] __attribute__((weak));

static void ml_parse_env(char **envp)
{
	if (ml_flags_done || !envp)
		return;
	ml_flags_done = 1;
	if (__memlens_default_options)
		ml_flags_parse(__memlens_default_options);
	for (char **e = envp; *e; e++)
		if (strncmp(*e, "MEMLENS_OPTIONS=", 16) == 0) {
			ml_flags_parse(*e + 16);
			break;
		}
	ml_supp_load(); /* a mistake in the file is shown at start */
	/* (the handle_* options say which signals) */
	ml_signals_init();
	ml_graph_open();
}

/* The stack. Instrumented frames are larger than native ones (metadata
 * beside each pointer, checks' temporaries), so recursion that just fits
 * the native stack would overflow: the main thread may grow ML_STACK_SCALE
 * times further (the kernel checks the limit when the stack grows; the
 * room below it was set aside at exec, at least 128 MiB), and threads get
 * stacks that much larger by default.
 *
 * An unlimited stack makes the kernel lay out mappings bottom-up, over
 * the addresses the runtime's tables must have (ulimit -s unlimited): the
 * program is then started again with a large finite limit, which keeps
 * the usual layout (as ThreadSanitizer does). */
#define ML_STACK_SCALE 8
#define ML_STACK_MAIN_MAX (120UL << 20)        /* inside the room exec left */
#define ML_STACK_UNLIMITED (4UL << 30)         /* for ulimit -s unlimited */
#define ML_STACK_THREAD_MAX (512UL << 20)

/* Reads a NUL-separated /proc file into memory of its own, as a vector of
 * its strings (n of them); 0 if it cannot. No malloc: this runs before
 * libc is ready. */
static char **ml_proc_strings(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	size_t cap = 1 << 20, len = 0;
	char *buf = mmap(0, cap, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (buf == MAP_FAILED) {
		close(fd);
		return 0;
	}
	for (;;) {
		if (len + 1 >= cap) {
			char *big = mremap(buf, cap, cap * 2, MREMAP_MAYMOVE);
			if (big == MAP_FAILED) {
				close(fd);
				return 0;
			}
			buf = big, cap *= 2;
		}
		ssize_t n = read(fd, buf + len, cap - len - 1);
		if (n <= 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	size_t count = 0;
	for (size_t i = 0; i < len; i++)
		count += buf[i] == 0;
	char **v = mmap(0, (count + 1) * sizeof *v, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (v == MAP_FAILED)
		return 0;
	size_t k = 0;
	for (size_t i = 0; i < len; i++)
		if (i == 0 || buf[i - 1] == 0)
			v[k++] = buf + i;
	v[k] = 0;
	return v;
}

static void ml_stack_room(void)
{
	struct rlimit rl;
	if (getrlimit(RLIMIT_STACK, &rl) != 0)
		return;
	if (rl.rlim_cur == RLIM_INFINITY) {
		char **argv = ml_proc_strings("/proc/self/cmdline");
		char **envp = ml_proc_strings("/proc/self/environ");
		rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > ML_STACK_UNLIMITED ? ML_STACK_UNLIMITED : rl.rlim_max;
		if (argv && envp && setrlimit(RLIMIT_STACK, &rl) == 0)
			execve("/proc/self/exe", argv, envp);
		ml_printf("memlens: the stack size is unlimited (ulimit -s unlimited), which puts mappings where memlens's tables go, and the program could not be started again with a finite one: run it with a finite stack size\n");
		_exit(1);
	}
	if (rl.rlim_cur < ML_STACK_MAIN_MAX / ML_STACK_SCALE) {
		rlim_t want = rl.rlim_cur * ML_STACK_SCALE;
		if (want > rl.rlim_max)
			want = rl.rlim_max;
		if (want > rl.rlim_cur) {
			rl.rlim_cur = want;
			setrlimit(RLIMIT_STACK, &rl);
		}
	}
}

/* Threads created without a stack size of their own get the scaled one. */
static void ml_thread_stacks(void)
{
	pthread_attr_t attr;
	size_t size;
	if (pthread_getattr_default_np(&attr) != 0)
		return;
	if (pthread_attr_getstacksize(&attr, &size) == 0 && size < ML_STACK_THREAD_MAX / ML_STACK_SCALE &&
	    pthread_attr_setstacksize(&attr, size * ML_STACK_SCALE) == 0)
		pthread_setattr_default_np(&attr);
	pthread_attr_destroy(&attr);
}

extern void *__libc_stack_end;

/* Valgrind tools that track every byte of the address space they are
 * given (memcheck's definedness, helgrind's shadow) would take hours and
 * terabytes marking the shadow memory reserved below: such a run ends
 * here with one clear message instead of hanging. (Its other tools, such
 * as callgrind, run the program.) A tool is known by its preload, which
 * Valgrind puts in the program's LD_PRELOAD; the environment is read from
 * the startup stack (argc, argv[], NULL, envp[]), since libc may not have
 * set environ yet. */
static void ml_refuse_shadowing_valgrind(void)
{
	char **v = __libc_stack_end;
	if (!v)
		return;
	char **envp = v + 1 + (uptr)v[0] + 1;
	for (; *envp; envp++) {
		if (strncmp(*envp, "LD_PRELOAD=", 11) != 0)
			continue;
		static const char *const tools[] = {"memcheck", "helgrind"};
		for (unsigned i = 0; i < sizeof tools / sizeof *tools; i++) {
			char name[32] = "vgpreload_";
			strcat(name, tools[i]);
			if (strstr(*envp, name)) {
				ml_printf("memlens: this program was built with memlens cc, which checks its memory "
				          "itself; it cannot run under Valgrind's %s, which would have to track the "
				          "terabytes of shadow memory memlens reserves (run it without Valgrind)\n",
				          tools[i]);
				_exit(1);
			}
		}
	}
}

void __ml_init(void)
{
	int st = __atomic_load_n(&ml_state, __ATOMIC_ACQUIRE);
	if (st != ML_UNINIT) {
		/* Late call (preinit after a lazy init): options may still be
		 * missing if the lazy init ran before libc set environ. */
		if (st == ML_READY && !ml_flags_done)
			ml_parse_env(environ);
		return;
	}
	ml_state = ML_INITIALIZING;
	ml_refuse_shadowing_valgrind();
	ml_map_prot(ML_STATE_ADDR - ML_STATE_GUARD, ML_STATE_GUARD, PROT_NONE);
	ml_map_fixed(ML_STATE_ADDR, ML_STATE_SIZE, "memlens's state");
	ml_map_prot(ML_STATE_ADDR + ML_STATE_SIZE, ML_STATE_GUARD, PROT_NONE);
	memcpy(ml_kind_enabled, ml_kinds_default, sizeof ml_kind_enabled);
	ml_records_state_init();
	ml_stubs_init();
	ml_stack_room();
	ml_explain_init(); /* (the options switch explanations on) */
	ml_flags_defaults();
	ml_keep_stderr();

	ml_records_init(); /* (the slot-indexed tables, records 0-3 opened) */
	for (unsigned i = 0; i < 3; i++) {
		uptr lo = ml_app[i].lo, size = ml_app[i].hi - ml_app[i].lo;
		ml_map_fixed((uptr)__ML_META_SHADOW(lo), size, "pointer shadow");
		ml_map_fixed((uptr)ml_basemap(lo), size / 4, "live-base map");
		ml_map_fixed((uptr)ml_heapmap(lo), size / 8, "heap map");
		ml_map_fixed(__ML_DEF_SHADOW(lo), size / 8, "definedness shadow");
	}

	/* Record 0 is NULL's: empty bounds, so every access through it takes
	 * the slow path, which reports it when the address is in page 0.
	 * Record 1 is WILD: everything above page 0 is accessible. */
	struct __ml_rec *r = __ML_RECS;
	r[0].base = r[0].end = 0;
	r[0].gen = 0;
	ml_rec_set(&r[0], 0, __ML_KIND_NONE);
	r[1].base = ML_NULL_LIMIT;
	r[1].end = 0x800000000000UL;
	r[1].slot = 1;
	r[1].gen = 0;
	ml_rec_set(&r[1], 0, __ML_KIND_WILD);
	/* INVALID's and the uninit records have empty bounds: every access
	 * through them fails its check (the uninit records past __ML_UNINIT
	 * get their kind when made, uninit.c). */
	r[__ML_INVALID].base = r[__ML_INVALID].end = 0;
	ml_rec_set(&r[__ML_INVALID], 0, __ML_KIND_INVALID);
	r[__ML_UNINIT].base = r[__ML_UNINIT].end = 0;
	ml_rec_set(&r[__ML_UNINIT], 0, __ML_KIND_UNINIT);

	ml_pck_init();
	ml_read_min_mapped();
	ml_stack_init();
	ml_thread_init_main();

	/* May allocate (atexit blocks, fork handler lists): such blocks go to
	 * libc directly and are remembered by ml_init_block_add. */
	on_exit(ml_on_exit, 0);
	pthread_atfork(ml_atfork_prepare, ml_atfork_parent, ml_atfork_child);
	ml_thread_stacks();

	ml_parse_env(environ);
	__atomic_store_n(&ml_state, ML_READY, __ATOMIC_RELEASE);
}

/* ld.so calls preinit functions with (argc, argv, envp); environ is not set
 * yet at that point, so the options are read from envp. */
static void ml_preinit(int argc, char **argv, char **envp)
{
	(void)argc;
	(void)argv;
	__ml_init();
	ml_note_startup_vectors(envp);
	ml_parse_env(envp);
}

__attribute__((section(".preinit_array"), used))
static void (*const __ml_preinit)(int, char **, char **) = ml_preinit;
