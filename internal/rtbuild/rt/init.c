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
 * (leaks.c), the only thing printed at exit.
 */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int ml_state;
volatile int ml_errors;
uptr ml_min_mapped = 65536; /* the kernel's default */

/* vm.mmap_min_addr, when /proc tells it (raw syscalls: libc may not be
 * ready for stdio). */
static void ml_read_min_mapped(void)
{
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

void *ml_map_fixed(uptr addr, uptr size, const char *what)
{
	void *p = mmap((void *)addr, size, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
	if (p != (void *)addr) {
		int e = p == MAP_FAILED ? errno : EEXIST;
		/* A kernel without MAP_FIXED_NOREPLACE treats it as a hint. */
		if (p != MAP_FAILED)
			munmap(p, size);
		(void)what; /* kept for debugging; the message format is fixed */
		ml_printf("memlens: cannot reserve shadow memory at 0x%lx: %s\n",
		          (unsigned long)addr, strerror(e));
		_exit(1);
	}
	return p;
}

void ml_def_forget(void)
{
	for (unsigned i = 0; i < 3; i++) {
		uptr lo = ml_app[i].lo, size = ml_app[i].hi - ml_app[i].lo;
		madvise((void *)__ML_DEF_SHADOW(lo), size / 8, MADV_DONTNEED);
	}
}

/* Like ml_map_fixed, for the tables every check and every malloc touches
 * at random (records, pointer shadow, live-base map): backed by huge pages
 * where the kernel allows it, since with 4 KiB pages a pointer-chasing
 * program misses the TLB on each of them as well as on its own data. */
void *ml_map_hot(uptr addr, uptr size, const char *what)
{
	void *p = ml_map_fixed(addr, size, what);
	madvise(p, size, MADV_HUGEPAGE); /* advice: failure changes nothing */
	return p;
}

/* Blocks libc handed out while init ran: they have no record. */
#define ML_INIT_BLOCKS 64
static const void *ml_init_blocks[ML_INIT_BLOCKS];
static unsigned ml_n_init_blocks;

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

static void ml_on_exit(int status, void *arg)
{
	(void)arg;
	ml_cycles_collect(ML_CYCLES_EXIT);
	ml_check_leaks();
	if (ml_errors && ml_flags.exitcode != 0 && status != ml_flags.exitcode) {
		fflush(NULL);
		_exit(ml_flags.exitcode);
	}
}

static void ml_atfork_prepare(void)
{
	ml_report_lock();
	ml_records_lock_all();
}

static void ml_atfork_parent(void)
{
	ml_records_unlock_all();
	ml_report_unlock();
}

static void ml_atfork_child(void)
{
	ml_records_unlock_all();
	ml_report_unlock();
}

static int ml_flags_done;

static void ml_parse_env(char **envp)
{
	if (ml_flags_done || !envp)
		return;
	ml_flags_done = 1;
	for (char **e = envp; *e; e++)
		if (strncmp(*e, "MEMLENS_OPTIONS=", 16) == 0) {
			ml_flags_parse(*e + 16);
			break;
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
	ml_explain_init(); /* (the options switch explanations on) */
	ml_flags_defaults();

	ml_map_hot((uptr)__ML_RECS, ML_RECS_SIZE, "record table");
	ml_map_fixed((uptr)__ML_REFS, __ML_MAX_RECS * sizeof(struct __ml_refs), "reference counts");
	ml_map_fixed((uptr)__ML_CUTS, __ML_MAX_RECS * sizeof(struct __ml_cut), "cycle cuts");
	for (unsigned i = 0; i < 3; i++) {
		uptr lo = ml_app[i].lo, size = ml_app[i].hi - ml_app[i].lo;
		ml_map_hot(lo ^ __ML_META_XOR, size, "pointer shadow");
		ml_map_hot((uptr)ml_basemap(lo), size / 4, "live-base map");
		ml_map_hot(__ML_DEF_SHADOW(lo), size / 8, "definedness shadow");
	}

	/* Record 0 is NULL's: empty bounds, so every access through it takes
	 * the slow path, which reports it when the address is in page 0.
	 * Record 1 is WILD: everything above page 0 is accessible. */
	struct __ml_rec *r = __ML_RECS;
	r[0].base = r[0].end = 0;
	r[0].gen = 0;
	r[0].kind = __ML_KIND_NONE;
	r[1].base = ML_NULL_LIMIT;
	r[1].end = 0x800000000000UL;
	r[1].gen = 0;
	r[1].kind = __ML_KIND_WILD;
	/* Records 2 and 3 have empty bounds: every access through them is
	 * reported as INVALID-DEREF. */
	r[2].base = r[2].end = r[3].base = r[3].end = 0;
	r[2].kind = r[3].kind = __ML_KIND_INVALID;

	ml_read_min_mapped();
	ml_records_init();
	ml_stack_init();
	ml_thread_init_main();

	/* May allocate (atexit blocks, fork handler lists): such blocks go to
	 * libc directly and are remembered by ml_init_block_add. */
	on_exit(ml_on_exit, 0);
	pthread_atfork(ml_atfork_prepare, ml_atfork_parent, ml_atfork_child);

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
	ml_parse_env(envp);
}

__attribute__((section(".preinit_array"), used))
static void (*const __ml_preinit)(int, char **, char **) = ml_preinit;
