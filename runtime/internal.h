/* internal.h: declarations shared by the runtime's translation units.
 *
 * Nothing here is part of the ABI (that is memlens.h); instrumented code
 * never includes this file. Every runtime .c includes it first.
 *
 * Address-space layout (x86_64, 47-bit user space):
 *   [0x000000000000, 0x010000000000)  application (non-PIE binaries, brk heap)
 *   [0x010000200000, 0x100000200000)  pointer shadow of [0x510000000000, 0x600000000000) (memlens.h: XOR, + 2 MiB)
 *   [0x100000000000, 0x200000000000)  definedness shadow (one bit per byte) of the three application ranges
 *   [0x200000200000, 0x300000200000)  pointer shadow of [0x700000000000, 0x800000000000)
 *   [0x300000000000, 0x3c0000000000)  live-base map (ml_basemap) of the PIE and mmap application ranges,
 *                                     and between them [0x340000000000, 0x380000000000) the heap map (ml_heapmap)
 *   [0x3c0000000000, 0x4c0000000000)  typestate map (__ML_PCK_IDS), but for the two holes below
 *   [0x400000000000, 0x402000000000)  record table (__ML_RECS: one bit, 46)
 *   [0x440000000000, 0x444000000000)  live-base map of the low application range
 *   [0x500000200000, 0x510000200000)  pointer shadow of [0, 0x010000000000)
 *   [0x510000000000, 0x600000000000)  application (PIE binaries)
 *   [0x600000000000, 0x700000000000)  runtime: the arenas below
 *   [0x700000000000, 0x800000000000)  application (mmap, libraries, stacks)
 */
#ifndef MEMLENS_INTERNAL_H
#define MEMLENS_INTERNAL_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include "memlens.h"

/* The runtime is linked into executables only (the driver links none into
 * a shared library): its thread-locals are at fixed offsets from the
 * thread pointer, reached without a GOT load (memlens.h gives __ml_t that
 * model too, the runtime being built -fPIE). */

#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>

/* The runtime is linked whole-archive into the user's program: every symbol
 * with external linkage must live in the implementation's namespace, or a
 * program with its own ml_flags or ml_report would fail to link. The short
 * names used in the sources are aliases. */
#define ml_access_slow         __mlrt_access_slow
#define ml_access_slow_pv      __mlrt_access_slow_pv
#define ml_rules_access        __mlrt_rules_access
#define ml_block_by_base       __mlrt_block_by_base
#define ml_block_info          __mlrt_block_info
#define ml_check_realloc_arg   __mlrt_check_realloc_arg
#define ml_detect              __mlrt_detect
#define ml_die                 __mlrt_die
#define ml_errors              ML_STATE_AT(volatile int, ML_ST_ERRORS)
#define ml_event_block         __mlrt_event_block
#define ml_flags               ML_STATE_AT(struct ml_flag_values, ML_ST_FLAGS)
#define ml_flags_defaults      __mlrt_flags_defaults
#define ml_flags_parse         __mlrt_flags_parse
#define ml_graph_alloc         __mlrt_graph_alloc
#define ml_graph_copy          __mlrt_graph_copy
#define ml_graph_flush         __mlrt_graph_flush
#define ml_graph_forked        __mlrt_graph_forked
#define ml_graph_free          __mlrt_graph_free
#define ml_graph_open          __mlrt_graph_open
#define ml_graph_realloc       __mlrt_graph_realloc
#define ml_init_block_add      __mlrt_init_block_add
#define ml_init_block_take     __mlrt_init_block_take
#define ml_kind_enabled        ML_STATE_AT(ml_kinds_on_t, ML_ST_KINDS)
#define ml_kinds_default       __mlrt_kinds_default
#define ml_state_damaged       __mlrt_state_damaged
#define ml_kinds               __mlrt_kinds
#define ml_live_lookup         __mlrt_live_lookup
#define ml_map_fixed           __mlrt_map_fixed
#define ml_advise_huge_pages   __mlrt_advise_huge_pages
#define ml_shadow_small_pages  __mlrt_shadow_small_pages
#define ml_threads_small_pages __mlrt_threads_small_pages
#define ml_map_prot            __mlrt_map_prot
#define ml_own_table           __mlrt_own_table
#define ml_new_record          __mlrt_new_record
#define ml_next_block_id       __mlrt_next_block_id
#define ml_locals_exit         __mlrt_locals_exit
#define ml_printf              __mlrt_printf
#define ml_pool_thread_exit    __mlrt_pool_thread_exit
#define ml_pools_lock          __mlrt_pools_lock
#define ml_pools_unlock        __mlrt_pools_unlock
#define ml_pools_used          __mlrt_pools_used
#define ml_read_str            __mlrt_read_str
#define ml_read_until          __mlrt_read_until
#define ml_read_cmp            __mlrt_read_cmp
#define ml_each_line           __mlrt_each_line
#define ml_map_line            __mlrt_map_line
#define ml_maps                __mlrt_maps
#define ml_copy_checks         __mlrt_copy_checks
#define ml_copied              __mlrt_copied
#define ml_pre_scan            __mlrt_pre_scan
#define ml_mul_sat             __mlrt_mul_sat
#define ml_records_init        __mlrt_records_init
#define ml_records_state_init  __mlrt_records_state_init
#define ml_records_lock_all    __mlrt_records_lock_all
#define ml_records_unlock_all  __mlrt_records_unlock_all
#define ml_report              __mlrt_report
#define ml_report_lock         __mlrt_report_lock
#define ml_report_unlock       __mlrt_report_unlock
#define ml_slot_get            __mlrt_slot_get
#define ml_slot_put_slow       __mlrt_slot_put_slow
#define ml_slots_flush         __mlrt_slots_flush
#define ml_stack_capture_depth __mlrt_stack_capture_depth
#define ml_stack_capture_top   __mlrt_stack_capture_top
#define ml_scache              __mlrt_scache
#define ml_smemo               __mlrt_smemo
#define ml_stack_capture_shallow __mlrt_stack_capture_shallow
#define ml_tmemo               __mlrt_tmemo
#define ml_stack_capture4_miss __mlrt_stack_capture4_miss
#define ml_pck_name            __mlrt_pck_name
#define ml_pck_range           __mlrt_pck_range
#define ml_pck_init            __mlrt_pck_init
#define ml_stack_intern        __mlrt_stack_intern
#define ml_local_stack         __mlrt_local_stack
#define ml_lent_live           __mlrt_lent_live
#define ml_same_func           __mlrt_same_func
#define ml_init_record         __mlrt_init_record
#define ml_stack_get           __mlrt_stack_get
#define ml_stack_count_max     __mlrt_stack_count_max
#define ml_stack_init          __mlrt_stack_init
#define ml_stubs_init          __mlrt_stubs_init
#define ml_ld_miss_full        __mlrt_ld_miss_full
#define ml_state               __mlrt_state
#define ml_thread_adopt        __mlrt_thread_adopt
#define ml_thread_exit_hook    __mlrt_thread_exit_hook
#define ml_thread_info         __mlrt_thread_info
#define ml_thread_init_main    __mlrt_thread_init_main
#define ml_tls                 __mlrt_tls
#define ml_use_range           __mlrt_use_range
#define ml_uninit_pointer_used __mlrt_uninit_pointer_used
#define ml_origin_get          __mlrt_origin_get
#define ml_undef_count         __mlrt_undef_count
/* definedness is tracked: the uninit option is on and every instrumented
 * unit announced so far was built for full checking */
#define ml_def_on              ML_STATE_AT(int, ML_ST_DEF_ON)
#define ml_def_kept_on         ML_STATE_AT(int, ML_ST_DEF_KEPT)
#define ml_check_leaks         __mlrt_check_leaks
#define ml_check_leaks_now     __mlrt_check_leaks_now
#define ml_world_stopped_here  __mlrt_world_stopped_here
#define ml_root_region_add     __mlrt_root_region_add
#define ml_heap_block_at       __mlrt_heap_block_at
#define ml_root_region_remove  __mlrt_root_region_remove
#define ml_loss_ignore         __mlrt_loss_ignore
#define ml_leak_summary        __mlrt_leak_summary
#define ml_print_stack         __mlrt_print_stack
#define ml_thread_stack        __mlrt_thread_stack
#define ml_thread_stack_top    __mlrt_thread_stack_top
#define ml_thread_stack_lo     __mlrt_thread_stack_lo
#define ml_own_stack_top       __mlrt_own_stack_top
#define ml_def_forget          __mlrt_def_forget
#define ml_loss_on             ML_STATE_AT(int, ML_ST_LOSS_ON)
#define ml_refs_kept           ML_STATE_AT(int, ML_ST_REFS_KEPT)
#define ml_loss_unit           __mlrt_loss_unit
#define ml_loss_block          __mlrt_loss_block
#define ml_loss_gone           __mlrt_loss_gone
#define ml_loss_back           __mlrt_loss_back
#define ml_loss_release        __mlrt_loss_release
#define ml_loss_untracked      __mlrt_loss_untracked
#define ml_loss_thread_exit    __mlrt_loss_thread_exit
#define ml_loss_settle         __mlrt_loss_settle
#define ml_lost_deepest        __mlrt_lost_deepest
#define ml_lost_held           __mlrt_lost_held
#define ml_lost_lowered        __mlrt_lost_lowered
#define ml_loss_refresh        __mlrt_loss_refresh
#define ml_kinds_disable       __mlrt_kinds_disable
#define ml_break               __mlrt_break
#define ml_loss_pending        __mlrt_loss_pending
#define ml_loss_names          __mlrt_loss_names
#define ml_suppressed          __mlrt_suppressed
#define ml_supp_load           __mlrt_supp_load
#define ml_kind_named          __mlrt_kind_named
#define ml_page_readable       __mlrt_page_readable
#define ml_pin                 __mlrt_pin
#define ml_scratch             __mlrt_scratch
#define ml_scratch_free        __mlrt_scratch_free
#define ml_ptrmap_build        __mlrt_ptrmap_build
#define ml_ptrmap_state        __mlrt_ptrmap_state
#define ml_sort                __mlrt_sort
#define ml_sort_shadowed       __mlrt_sort_shadowed
#define ml_loss_held           __mlrt_loss_held
#define ml_bytes_defined       __mlrt_bytes_defined
#define ml_span_of             __mlrt_span_of
#define ml_loss_report         __mlrt_loss_report
#define ml_loss_cascade        __mlrt_loss_cascade
#define ml_loss_collect_at     __mlrt_loss_collect_at
#define ml_cycles_due          __mlrt_cycles_due
#define ml_cycles_collect      __mlrt_cycles_collect
#define ml_cycles_freed        __mlrt_cycles_freed
#define ml_cycles_cut          __mlrt_cycles_cut
#define ml_names_unit          __mlrt_names_unit
#define ml_names_get           __mlrt_names_get
#define ml_explain_init        __mlrt_explain_init
#define ml_steps_count         __mlrt_steps_count
#define ml_steps_leave         __mlrt_steps_leave
#define ml_step_refill         __ml_step_refill
#define ml_step_into_refill    __mlrt_step_into_refill
#define ml_explain_set         __mlrt_explain_set
#define ml_explain_freed_by    __mlrt_explain_freed_by
#define ml_arg_pv              __mlrt_arg_pv
#define ml_arg_word            __mlrt_arg_word
#define ml_setret              __mlrt_setret
#define ml_chain_build         __mlrt_chain_build
#define ml_chain_build_undef   __mlrt_chain_build_undef
#define ml_object_at_addr      __mlrt_object_at_addr
#define ml_signals_init        __mlrt_signals_init
#define ml_signals_thread      __mlrt_signals_thread
#define ml_report_fault        __mlrt_report_fault
#define ml_die_of              __mlrt_die_of
#define ml_segv_is_programs    __mlrt_segv_is_programs
#define ml_stack_overflow      __mlrt_stack_overflow
#define ml_as_own_action       __mlrt_as_own_action
#define ml_damage              ML_STATE_AT(int, ML_ST_DAMAGE)
#define ml_damaged             __mlrt_damaged
#define ml_own_range           __mlrt_own_range
#define ml_refuse_own          __mlrt_refuse_own
#define ml_record_sane         __mlrt_record_sane
#define ml_block_ids           __mlrt_block_ids
#define ml_site_known          __mlrt_site_known
#define ml_deferred_run        __mlrt_deferred_run
#define ml_unwrapped           __mlrt_unwrapped
#define ml_world_stopped       __mlrt_world_stopped
#define ml_world_park          __mlrt_world_park
#define ml_thread_parked_sp    __mlrt_thread_parked_sp
#define ml_thread_parked_regs  __mlrt_thread_parked_regs
#define ml_rref_block          __mlrt_rref_block
#define ml_r_freed             __mlrt_r_freed
#define ml_r_bid               __mlrt_r_bid
#define ml_locate_ref          __mlrt_locate_ref
#define ml_locate_undef        __mlrt_locate_undef
#define ml_builtin_detectors   __mlrt_builtin_detectors
#define ml_builtin_ndetectors  __mlrt_builtin_ndetectors
#define ml_locate_block        __mlrt_locate_block
#define ml_ruleset             __mlrt_ruleset
#define ml_rules_detect        __mlrt_rules_detect
#define ml_rules_free          __mlrt_rules_free
#define ml_detect_rules        __mlrt_detect_rules
#define ml_rref_arg            __mlrt_rref_arg
#define ml_rref_tev            __mlrt_rref_tev
#define ml_rref_ret            __mlrt_rref_ret
#define ml_rref_tev_ret        __mlrt_rref_tev_ret
#define ml_trace_last          __mlrt_trace_last
#define ml_trace_prev          __mlrt_trace_prev
#define ml_heap_begin          __mlrt_heap_begin
#define ml_heap_next           __mlrt_heap_next
#define ml_heap_any            __mlrt_heap_any
#define ml_freed_make          __mlrt_freed_make
#define ml_freed_begin         __mlrt_freed_begin
#define ml_freed_next          __mlrt_freed_next
#define ml_freed_any           __mlrt_freed_any
#define ml_freed_summary       __mlrt_freed_summary
#define ml_r_readable          __mlrt_r_readable
#define ml_r_load              __mlrt_r_load
#define ml_r_word_ok           __mlrt_r_word_ok
#define ml_r_word              __mlrt_r_word
#define ml_r_written           __mlrt_r_written
#define ml_r_ptrmap            __mlrt_r_ptrmap
#define ml_r_points_to         __mlrt_r_points_to
#define ml_kind_name           __mlrt_kind_name
/* rules.c's: what of frees and accesses a program's rules need (its
 * state's second word), which ml_rules_free does before a valid free:
 * ML_RULES_LOG_FREES (a rule ranges over F: the block is logged),
 * ML_RULES_FREE_POINT (a rule detects at free: the free is an event);
 * ML_RULES_DEREF_POINT (a rule detects at deref: the accesses of libc
 * calls that pass their checks are events too, ml_check) */
#define ml_rules_logging       ML_STATE_AT(unsigned, ML_ST_RULES + 4)
#define ML_RULES_LOG_FREES   1u
#define ML_RULES_FREE_POINT  2u
#define ML_RULES_DEREF_POINT 4u
#define ML_RULES_WRITES      8u  /* a rule asks FindLast(_, write, …) in detection mode */

typedef __ml_uptr uptr;
typedef __ml_meta_t meta_t;
typedef struct __ml_site site_t;
typedef __ml_prov_t prov_t;

#define ML_LIKELY(x)   __builtin_expect(!!(x), 1)
#define ML_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define ML_NOINLINE    __attribute__((noinline))
#define ML_SLOW        __attribute__((noinline, cold))

#define ML_LOAD(p)        __atomic_load_n((p), __ATOMIC_RELAXED)
#define ML_STORE(p, v)    __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#define ML_ACQ(p)         __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define ML_REL(p, v)      __atomic_store_n((p), (v), __ATOMIC_RELEASE)
#define ML_ADD(p, v)      __atomic_fetch_add((p), (v), __ATOMIC_RELAXED)

static inline unsigned ml_meta_slot(meta_t m) { return (unsigned)m; }
static inline unsigned ml_meta_gen(meta_t m) { return (unsigned)(m >> 32); }
/* A record's kind and block id share a word (memlens.h). */
static inline unsigned ml_rec_kind(const struct __ml_rec *r) { return (unsigned)ML_LOAD(&r->idkind) & 0xffu; }
static inline unsigned long ml_rec_id(const struct __ml_rec *r) { return ML_LOAD(&r->idkind) >> 8; }
static inline void ml_rec_set(struct __ml_rec *r, unsigned long id, unsigned kind)
{
	ML_STORE(&r->idkind, id << 8 | kind);
}
static inline meta_t ml_mkmeta(unsigned slot, unsigned gen)
{
	return (meta_t)slot | ((meta_t)gen << 32);
}
/* The generation after g when an object dies: 16 bits, never the one
 * read-only objects have. */
static inline unsigned ml_next_gen(unsigned g)
{
	return g + 1 >= __ML_GEN_READONLY ? 0 : g + 1;
}

/* Pages below this address are never mapped: an access there is NULL-based. */
#define ML_NULL_LIMIT 4096UL

#define ML_RECS_SIZE   (__ML_MAX_RECS * sizeof(struct __ml_rec)) /* (at __ML_RECS) */
/* ---- runtime arenas, all inside [0x600000000000, 0x700000000000) ---- */
#define ML_COLD_ADDR   0x610000000000UL /* struct ml_cold[__ML_MAX_RECS] */
#define ML_FREED_ADDR  0x618000000000UL /* ml_freed's directory and chunks (records.c), past ml_cold's */
#define ML_HIST_ADDR   0x620000000000UL /* free history ring + indexes */
#define ML_DEPOT_ADDR  0x630000000000UL /* stack depot buckets + arena */
#define ML_THR_ADDR    0x640000000000UL /* per-thread-id info */
#define ML_ARENA_ADDR  0x650000000000UL /* bump arena: slot batches */
#define ML_ARENA_SIZE  0x010000000000UL
#define ML_LSITE_ADDR  0x660000000000UL /* __ML_LSITES: struct __ml_lsite[__ML_MAX_RECS] */
/* 0x670000000000: __ML_REFS, struct __ml_refs[__ML_MAX_RECS] (loss.c; 64 bytes each, to 0x674000000000) */
#define ML_STEPS_ADDR  ((uptr)__ML_STEPS) /* struct __ml_step[ML_STEPS_MAX] (memlens.h), then metas and clocks (explain.c) */
#define ML_FPROV_ADDR  0x6a0000000000UL /* the ring of struct ml_fprov (explain.c) */
/* 0x6c0000000000: the typestate map's directory of chunk records (typestate.c) */
#define ML_RARE_ADDR   0x6e0000000000UL /* struct ml_rare[__ML_MAX_RECS] (records.c) */

/* memlens's mutable state that reports and the leak check depend on (the
 * report buffers and lock, the options, the slot and depot counters, the
 * units' site tables...): a mapping of its own, away from the program's
 * data and heap, between PROT_NONE guard pages (init.c maps it first
 * thing), so no overflow of a global reaches it. Each part is at a fixed
 * offset: an access is a fixed address, as cheap as a static's. */
#define ML_STATE_ADDR  0x6b0000000000UL
#define ML_STATE_SIZE  (1UL << 20)
#define ML_STATE_GUARD (64UL << 10)
#define ML_STATE_AT(type, off) (*(type *)(ML_STATE_ADDR + (off)))
#define ML_ST_ERRORS   0x00000 /* int (init.c) */
#define ML_ST_DAMAGE   0x00004 /* int (damage.c) */
#define ML_ST_WARNED   0x00008 /* int: break=1 without a debugger was told (control.c) */
#define ML_ST_XSAVE    0x0000c /* unsigned: the size of the vector state the checks' stubs save (stubs.c) */
#define ML_ST_MINMAP   0x00010 /* uptr ml_min_mapped (init.c) */
#define ML_ST_STEPS    0x00018 /* uptr: value propagation ids handed out (explain.c) */
#define ML_ST_DEF_ON   0x00020 /* int ml_def_on (uninit.c) */
#define ML_ST_LOSS_ON  0x00024 /* int ml_loss_on (loss.c) */
#define ML_ST_DEF_KEPT 0x00028 /* int ml_def_kept_on (uninit.c, rules.c: ml_def_kept) */
#define ML_ST_REFS_KEPT 0x0002c /* int ml_refs_kept: a unit built for full checking was announced, its code keeps counts (loss.c) */
#define ML_ST_STEPS_MASK 0x00030 /* uptr: the value propagation ring's size - 1 (explain.c) */
#define ML_ST_FPROV    0x00038 /* uint64_t: frees whose provenance was kept (explain.c) */
#define ML_ST_KINDS    0x00040 /* unsigned char[ML_NKINDS] (errors.c) */
#define ML_ST_RARE_USED 0x00200 /* int ml_rare_used (ml_rare_set) */
#define ML_ST_POOL     0x00300 /* allocator.c: the pools of small blocks */
#define ML_ST_TINY     0x00f00 /* struct ml_tiny: where the pools of 16-byte cells lie (allocator.c) */
#define ML_ST_FLAGS    0x01000 /* struct ml_flag_values (flags.c) */
#define ML_ST_RECORDS  0x08000 /* records.c's counters */
#define ML_ST_DEPOT    0x09000 /* stack.c's depot top */
#define ML_ST_REPORT   0x10000 /* report.c: lock, seen table, buffers */
#define ML_ST_NAMES    0x90000 /* names.c: the units' site tables */
#define ML_ST_LOSS     0xb0000 /* loss.c: units' kinds, reported losses */
#define ML_ST_SIGNALS  0xd0000 /* signals.c: the fatal-signal report's buffers */
#define ML_ST_UNINIT   0xe0000 /* uninit.c: units, origins table */
#define ML_ST_LEAKS    0xe0400 /* leaks.c: the scan's tables */
#define ML_ST_CYCLES   0xe0800 /* cycles.c: the collection's tables */
#define ML_ST_SUPPRESS 0xe0c00 /* suppress.c */
#define ML_ST_THREAD   0xe1000 /* thread.c: ids, the exit check's stop */
#define ML_ST_INIT     0xe1400 /* init.c: blocks libc handed out during init */
#define ML_ST_HANDLERS 0xe2000 /* handlers.c: the program's signal handlers */
#define ML_ST_RULES    0xe3000 /* rules.c: the program's rules' trace and freed blocks */
#define ML_ST_RULES_END 0xef000
#define ML_ST_TYPESTATE 0xef000 /* typestate.c: the layout, the permissions of unannotated code */
#define ML_ST_TYPESTATE_END 0xef400
#define ML_ST_GRAPH    0xf0000 /* graph.c: the trace's buffer and defined keys */
#define ML_ST_END      0x100000
_Static_assert(ML_ST_END <= ML_STATE_SIZE, "memlens's state fits its mapping");

/* Live-base map: one 32-bit slot number per 16-byte granule of application
 * memory (variables are 16-byte aligned at most, so a granule starts at most
 * one), the slot of the variable most recently registered at that address
 * (heap blocks are in the heap map below, which works the same way).
 * Readers validate an entry against the slot's record, so a stale one (the
 * slot was recycled for another address) reads as absent. It is the
 * pointer shadow's XOR image shrunk by four: a lookup is one load, with no
 * lock and no hashing, and neighbouring blocks share cache lines. */
#define ML_BASEMAP_ADDR 0x300000000000UL
static inline uint32_t *ml_basemap(uptr base)
{
	return (uint32_t *)(ML_BASEMAP_ADDR + (((base ^ __ML_META_XOR) >> 2) & ~(uptr)3));
}

/* Heap map: the live-base map of heap blocks, one 32-bit slot number per
 * 32-byte granule (glibc's chunks are 32 bytes at least, so a granule
 * starts at most one live block), half the entries of the map above, which
 * keeps variables (16-byte aligned, two may share 32 bytes). The pointer
 * shadow's image shrunk by eight, each range's moved into the live-base
 * map's reservation between its PIE and mmap parts, [0x340000000000,
 * 0x380000000000): low, then PIE, then mmap (not into the definedness
 * shadow's holes, whose being unmapped makes full checking's wild stores
 * into memlens's ranges fault). */
static inline uint32_t *ml_heapmap(uptr base)
{
	/* x: PIE [0x002.., 0x020..), mmap [0x040.., 0x060..), low [0x0a0.., 0x0a2..);
	 * each moved by its TiB's entry (a load, where compares took two more
	 * instructions an entry: the leak check's marking reads one a word) */
	static const uptr to[11] = {0x340000000000UL, 0x340000000000UL, 0, 0, 0x320000000000UL, 0x320000000000UL,
	                            0, 0, 0, 0, 0x2a0000000000UL};
	uptr x = ((base ^ __ML_META_XOR) >> 3) & ~(uptr)3;
	return (uint32_t *)(x + to[x >> 40]);
}

/* Is [a, a+n) inside application memory (so its shadow is mapped)? */
static inline int ml_app_range(uptr a, uptr n)
{
	uptr e = a + n;
	if (e < a)
		return 0;
	if (e <= 0x010000000000UL)
		return 1;
	if (a >= 0x510000000000UL && e <= 0x600000000000UL)
		return 1;
	if (a >= 0x700000000000UL && e <= 0x800000000000UL)
		return 1;
	return 0;
}

/* The pointer shadow seen from the runtime: memlens.h's __ml_ld and
 * __ml_st for a slot anywhere (an unaligned slot, or one outside
 * application memory, has no shadow). The slot is reached through a
 * pointer with meta tag. */
static inline meta_t ml_load_ptr(void *const *slot, const void *v, meta_t tag)
{
	if (!v)
		return __ML_NULL;
	if (((uptr)slot & 7) == 0 && ml_app_range((uptr)slot, 8))
		return __ml_ld((uptr)slot, (uptr)v, tag);
	return __ml_meta_of(v);
}

/* Publish *slot = v, already stored by the interceptor called at the
 * caller's site: instrumented code loading it next gets meta m (and the
 * block of m has one more reference); gen says how it was made. */
static inline const site_t *ml_caller_site(void);
static inline void ml_store_ptr(void *slot, const void *v, meta_t m, meta_t tag, prov_t gen)
{
	if (((uptr)slot & 7) == 0 && ml_app_range((uptr)slot, 8)) {
		if (ML_LOAD(&ml_loss_on))
			__ml_ref(m, 0);
		__ml_st((uptr)slot, (uptr)v, m, tag, 0, ml_caller_site(), 0, gen);
	}
}

/* The replacements' calling protocol (memlens.h's __ml_own and
 * __ml_setret): in a __ml_ function, ML_OWN(itself) consumes the caller's
 * tag, ML_ARGM(i, p) is argument i's meta (the caller's, or found from the
 * address), ML_SETRET hands a pointer result's meta back. */
#define ML_OWN(self) int own_ = ml_own_args((uptr)&self)
#define ML_ARGM(i, ptr) (own_ ? __ml_t.arg[i] : __ml_meta_of(ptr))
/* (a result pointing into an argument has that argument's provenance) */
#define ML_SETRET(self, m) ml_setret((uptr)&self, (m), __ML_GEN_EXTERN)
/* a block the function allocated (no argument's provenance to look up:
 * __ml_setret inline) */
#define ML_SETRET_NEW(self, m) __ml_setret((uptr)&self, (m), 0, __ML_GEN_ALLOC)

/* ---- init.c ---- */
enum { ML_UNINIT = 0, ML_INITIALIZING = 1, ML_READY = 2 };
extern int ml_state;
/* The lowest address the kernel maps (vm.mmap_min_addr, read at start). */
#define ml_min_mapped ML_STATE_AT(uptr, ML_ST_MINMAP)
/* Can no object of the program be at a? Above page 0 (NULL-based, for the
 * NULL detector) but below the lowest mapping, or outside application
 * memory (the runtime's ranges, non-canonical addresses). */
static inline int ml_never_object(uptr a)
{
	return a >= ML_NULL_LIMIT && (a < ml_min_mapped || !ml_app_range(a, 1));
}
void __ml_init(void);
/* Is the runtime up (initialising it if nobody has yet)? 0 while init
 * itself runs. */
void ml_state_damaged(void);
static inline int ml_ready(void)
{
	if (ML_LIKELY(ml_state == ML_READY))
		return 1;
	if (ml_state == ML_UNINIT)
		__ml_init();
	else if (ml_state != ML_INITIALIZING)
		ml_state_damaged();
	return ml_state == ML_READY;
}
void *ml_map_fixed(uptr addr, uptr size, const char *what);
/* Huge pages for the hot tables (records.c, once the program holds many
 * objects). */
void ml_advise_huge_pages(void);
/* Small pages for the shadows of [lo, hi): a thread's stack, a library's
 * data (4 KiB-aligned)... */
void ml_shadow_small_pages(uptr lo, uptr hi);
/* ...and of every live thread's that memlens started (thread.c). */
void ml_threads_small_pages(void);
/* Reserve [addr, addr+size) with protection prot (PROT_NONE: inaccessible,
 * mprotect opens parts of it). */
void *ml_map_prot(uptr addr, uptr size, int prot);
/* Zero the whole definedness shadow (every byte reads as defined). */
void ml_def_forget(void);
/* Did libc hand out p while the runtime was initializing (no record)?
 * If so, forget it (it is being freed). */
int ml_init_block_take(const void *p);
void ml_init_block_add(const void *p);
/* Set once an error has been reported: the exit status depends on it
 * (ml_errors: in the state mapping). */

/* ---- flags.c ---- */
enum { ML_LEAK_CHECK_EXIT, ML_LEAK_CHECK_LOSS, ML_LEAK_CHECK_BOTH };
struct ml_flag_values {
	char log_json[4096];   /* "" = none */
	char log_path[4096];   /* "" = stderr */
	int halt_on_error;
	int exitcode;
	unsigned stack_depth;
	int help;
	int uninit;            /* track definedness, report UNINITIALIZED-READ */
	int detect_leaks;      /* the leak check at exit (leaks.c) */
	int show_reachable;    /* its summary even when nothing is lost */
	int leak_check;        /* ML_LEAK_CHECK_*: at exit, at the point of loss, or both */
	char suppressions[4096]; /* suppressions file, "" = none (suppress.c) */
	int break_on_error;    /* stop in a debugger after each report (control.c) */
	int explain;           /* value propagation chains (explain.c) */
	uptr explain_ring;     /* steps the ring keeps, a power of two */
	int handle_segv;       /* report SIGSEGV (signals.c) */
	int handle_sigbus;     /* ... SIGBUS */
	int handle_sigfpe;     /* ... SIGFPE */
	int handle_sigill;     /* ... SIGILL */
	int symbolize;         /* run addr2line for the line of a fatal signal */
	char graph[4096];      /* the memory graph trace, "" = none (graph.c) */
	int typestate_heavy;   /* typestate=heavy: check every access, UNMAPPED too (typestate.c) */
};
_Static_assert(ML_ST_FLAGS + sizeof(struct ml_flag_values) <= ML_ST_RECORDS, "the options fit");

/* ---- graph.c: the memory graph trace ---- */
void ml_graph_open(void); /* once the options are read */
void ml_graph_alloc(const void *p, size_t n, const site_t *site);
void ml_graph_realloc(const void *old, const void *p, size_t n, const site_t *site);
void ml_graph_free(const void *p, const site_t *site);
/* n bytes copied from src to dst (memcpy, a struct assignment): the
 * pointers and integers traced in src are dst's now */
void ml_graph_copy(const void *dst, const void *src, size_t n, const site_t *site);
/* The trace written out complete; before the program ends. */
void ml_graph_flush(void);
void ml_graph_forked(void); /* in a fork's child */
void ml_flags_defaults(void);
void ml_flags_parse(const char *opts);

/* ---- control.c ---- */
/* Switch off the kinds listed in v[0..n) (comma-separated names, or
 * "all"); an unknown one is reported, the others still apply. */
void ml_kinds_disable(const char *v, size_t n);
/* A report was made with break=1: stop in the debugger, if one is
 * attached. */
void ml_break(void);
/* The public switch (declared for programs in docs/OPTIONS.md). */
int memlens_enable(const char *kind, int on);

/* ---- thread.c ---- */
struct ml_batch;

/* Runtime-private per-thread state, next to the ABI's __ml_t. */
#define ML_SLOT_BATCH 64
/* allocator.c's pools: strings and structures, then the same of 16-byte cells. */
#define ML_POOLS_N 4
#define ML_POOL_MAX 64 /* the largest block a pool's cell takes */
struct ml_tls {
	int registered;          /* has a memlens thread id */
	int in_report;           /* re-entrancy guard for reports */
	int key_set;             /* exit destructor registered */
	unsigned ncache;         /* record slots ready for new blocks */
	unsigned cache[ML_SLOT_BATCH];
	struct ml_batch *fill;   /* freed slots not yet handed back */
	meta_t strtok_meta;      /* meta of the string strtok(NULL, ...) continues */
	uint32_t *retired;       /* ring of slots of retired locals, oldest at rhead */
	unsigned rhead, rcount;
	struct __ml_local *allocas; /* live blocks of alloca, oldest first */
	__ml_uptr *side;         /* thread.c: the thread's side stack (__ml_side_new), side_size bytes */
	size_t side_size;
	unsigned nalloca;
	struct ml_drop *drops;   /* loss.c: counts dropped to zero (__ml_t.lost of them) */
	unsigned ndrops_cap;
	int args_own;            /* explain.c: the running interceptor's caller tagged its arguments */
	/* report.c: the thread's latest detection (reported or not), so that
	 * the fault its access then causes is not reported again (signals.c) */
	int last_set;
	uptr last_p, last_n;     /* the range accessed */
	unsigned last_depth;     /* the shadow stack's depth, and its innermost site */
	const site_t *last_frame;
	void *recover;           /* damage.c: the sigjmp_buf of the cold path running (ML_COLD_GUARD) */
	const site_t *detecting; /* the statement whose event the detectors are judging */
	uptr overflow_sp;        /* handlers.c: the stack pointer a stack overflow the program handles interrupted (0: none) */
	uptr rules_sp;           /* rules.c: the frame of the hook a call or ret event entered by */
	/* handlers.c: runtime sections this thread is inside (a signal
	 * arriving then waits for the last to end), and the signals that
	 * waited (bit sig - 1) */
	unsigned busy;
	uint64_t deferred;
	unsigned lsan_disabled; /* asan.c: __lsan_disable calls not yet enabled again (ML_CF_IGNORED) */
	/* allocator.c: the thread's free cells of each pool and size class,
	 * and the rest [cell_run[k][0], cell_run[k][1]) of its run of fresh
	 * cells of each pool; the tails and the run's bounds XORed with the
	 * pools' key, as the links, so that the leak check finds no copy of a
	 * live block's address here (a list's tail once it is empty, the end
	 * of a run: the next run's first cell) */
	struct ml_cell_list {
		uptr head, tail; /* listed through their first word (XORed) */
		unsigned n;
	} cells[ML_POOLS_N][3];
	uptr cell_run[ML_POOLS_N][2];
};
extern __thread struct ml_tls ml_tls __attribute__((tls_model("local-exec")));
void ml_thread_init_main(void);
void ml_thread_forked(void);
void ml_thread_adopt(void);
/* An interceptor's ML_OWN: consumes the caller's tag and notes whether
 * __ml_t.arg and its provenance are this call's (inline: every free and
 * most interceptors' first step, a call as long as its body) */
static inline int ml_own_args(uptr self)
{
	int own = __ml_own(self);
	ml_tls.args_own = own;
	return own;
}
static inline unsigned ml_self_id(void)
{
	if (ML_UNLIKELY(!ml_tls.registered))
		ml_thread_adopt();
	return __ml_t.id;
}
/* ---- handlers.c: runtime sections and the program's signal handlers ----
 *
 * A section of the runtime that updates state a signal handler's
 * instrumented code would use too (this thread's slot cache and locals, a
 * record being made, a lock held) runs between ml_rt_enter and
 * ml_rt_leave. A signal arriving inside waits for the outermost section's
 * end (handlers.c), so a handler never sees that state half-updated nor
 * waits on a lock its own thread holds. Two instructions when no signal
 * came; sections nest. */
static inline void ml_rt_enter(void)
{
	ml_tls.busy++;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}
/* Send the signals that arrived inside sections again, now that the
 * runtime is consistent (and park for a leak check that stops the world). */
void ml_deferred_run(void);
static inline void ml_rt_leave(void)
{
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	/* (a volatile read, which gcc makes %fs-relative: the atomic load
	 * computed the variable's address first, two more instructions) */
	if (--ml_tls.busy == 0 && ML_UNLIKELY(*(volatile uint64_t *)&ml_tls.deferred))
		ml_deferred_run();
}
/* The handler of sig the kernel's handler fn stands for: the program's
 * that handlers.c wrapped (0: none any more), else fn. */
uptr ml_unwrapped(int sig, uptr fn);

/* A spinlock for the runtime's short critical sections (never held across
 * a call that may block or take another lock); a runtime section, so no
 * signal handler of its thread ever waits on it. */
static inline void ml_spin_lock(int *l)
{
	unsigned spins = 0;
	ml_rt_enter();
	while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE)) {
		while (ML_LOAD(l)) {
			if (++spins < 128)
				__builtin_ia32_pause();
			else
				sched_yield();
		}
	}
}

static inline void ml_spin_unlock(int *l)
{
	__atomic_store_n(l, 0, __ATOMIC_RELEASE);
	ml_rt_leave();
}

/* The stop signal of ml_world_stopped (thread.c), which the program's
 * handlers never see: Boehm GC's choice, a signal programs rarely use. */
#define ML_STOP_SIG 30 /* SIGPWR */
/* Run fn with every other thread memlens knows parked in a signal
 * handler, its registers saved on its stack (LSan's StopTheWorld): the
 * leak check at exit. Threads blocking the stop signal are waited for a
 * second, then scanned as they are. */
void ml_world_stopped(void (*fn)(void));
/* This thread was asked to stop (uc: the registers it was interrupted
 * with, or NULL at a section's end): park until fn is done. */
void ml_world_park(const void *uc);

/* Creation info of thread id, for reports: 0 if unknown. */
int ml_thread_info(unsigned id, unsigned *parent, unsigned *stack);
void ml_thread_exit_hook(void);
/* The end of this thread's stack if memlens started the thread, else 0. */
uptr ml_thread_stack_top(void);
uptr ml_thread_stack_lo(void);
/* The end of this thread's stack, whoever started it; 0 if it cannot be
 * told. */
uptr ml_own_stack_top(void);
/* The stack (with TLS) of live thread id other than this one ([0, 0) if
 * unknown or ended); -1 past the last id handed out. */
int ml_thread_stack(unsigned id, uptr *lo, uptr *hi);
/* The stack pointer of thread id while ml_world_stopped has it parked
 * (its stack below is dead), else 0. */
uptr ml_thread_parked_sp(unsigned id);
/* Where the registers of thread id, stopped by a signal while
 * ml_world_stopped has it parked, were copied: [result, *hi); 0 if not. */
uptr ml_thread_parked_regs(unsigned id, uptr *hi);

/* ---- interceptors.c: helpers of the checked libc replacements (and
 * wchar.c's) ---- */
/* Is r's block one memlens knows the bounds of (neither WILD nor NONE)?
 * The kind read once: ML_LOAD's relaxed atomic load is not merged by gcc,
 * and the string interceptors test it on every call. */
static inline int ml_rec_bounded(const struct __ml_rec *r)
{
	unsigned k = ml_rec_kind(r);
	return k != __ML_KIND_WILD && k != __ML_KIND_NONE;
}
/* Bytes readable from p inside its object, when m names a live object
 * (not WILD) that contains p. */
static inline int ml_live_bound(const void *p, meta_t m, uptr *lim)
{
	const struct __ml_rec *r = &__ML_RECS[(unsigned)m];
	uptr a = (uptr)p;
	if (r->gen == ml_meta_gen(m) && ml_rec_bounded(r) && a >= r->base && a < r->end) {
		*lim = r->end - a;
		return 1;
	}
	return 0;
}

/* Is any read at p through m suspect (NULL page, dead block, p outside its
 * block)? Such reads are measured carefully and reported before libc runs. */
static inline int ml_bad_start(const void *p, meta_t m)
{
	const struct __ml_rec *r = &__ML_RECS[(unsigned)m];
	uptr a = (uptr)p;
	if (a < ML_NULL_LIMIT || r->gen != ml_meta_gen(m))
		return 1;
	return ml_rec_bounded(r) && (a < r->base || a >= r->end);
}

/* Is p, at a sound start (above the NULL page), in no block memlens knows
 * (a WILD or NONE record of the current generation)? A string read there
 * checks nothing: ml_read_until only measures it. */
static inline int ml_unknown_block(const void *p, meta_t m)
{
	const struct __ml_rec *r = &__ML_RECS[(unsigned)m];
	return (uptr)p >= ML_NULL_LIMIT && r->gen == ml_meta_gen(m) && !ml_rec_bounded(r);
}

/* Can the page at `page` be read without faulting? Error paths only. */
int ml_page_readable(uptr page);
/* A wide character at any address (misaligned wide strings are read as
 * libc reads them). */
typedef __WCHAR_TYPE__ ml_wu __attribute__((aligned(1), may_alias));
/* Bytes libc reads at s for a scan of elements of w bytes (1, or a
 * wchar_t's) that stops after the first element equal to c (when has_c),
 * after the 0, or after max elements; reports what is wrong with that read
 * as fn's, and uses the bytes read (each decides whether the scan goes on;
 * only those inside the string's object are looked at). */
size_t ml_read_until(const void *s, meta_t m, size_t max, size_t w, int has_c, unsigned c,
                     const char *fn);
/* A read whose extent depends on what libc finds (strstr, strspn …): a bad
 * s is reported before the call (1), a good one is checked after it. */
int ml_pre_scan(const void *s, meta_t m, size_t w, const char *fn);
/* Comparisons read both strings (elements of w bytes) up to the first
 * difference or 0, at most max elements. */
void ml_read_cmp(const void *a, meta_t ma, const void *b, meta_t mb, size_t max, size_t w,
                 int icase, const char *fn);
/* Before a copy of n bytes from s to d (mem{cpy,move} and their wide
 * forms): both ranges checked as fn's, what d held released (unless the
 * ranges overlap); after it, definedness and the pointers inside move with
 * the bytes. */
void ml_copy_checks(void *d, meta_t md, const void *s, meta_t ms, size_t n, const char *fn);
void ml_copied(void *d, meta_t md, const void *s, meta_t ms, size_t n);
/* a × b, SIZE_MAX when it overflows. */
size_t ml_mul_sat(size_t a, size_t b);

/* ---- maps.c ---- */
/* Calls fn on each line of file path (without its '\n'; long lines cut at
 * 1023 bytes) until fn returns non-zero. Async-signal-safe. 0 if the file
 * cannot be opened. */
int ml_each_line(const char *path, int (*fn)(const char *line, void *ctx), void *ctx);
/* A line of /proc/self/maps. */
struct ml_map {
	uptr lo, hi;
	char perms[5];
	char path[256];
};
void ml_map_line(const char *l, struct ml_map *m);
/* The mapping holding a (*at) and the lowest one above a (*next); their
 * flags say whether there are such. 0 if the maps cannot be read. */
int ml_maps(uptr a, struct ml_map *at, int *has_at, struct ml_map *next, int *has_next);

/* ---- objects.c ---- */
/* The thread is ending: retire its locals still registered. */
void ml_locals_exit(void);
/* Where slot s's latest local was declared, raw (registration is hot;
 * the stack is interned only for reports): its declaration and the
 * caller's current site (struct __ml_lsite, memlens.h). */
#define ML_LSITE __ML_LSITES
/* The declaration stack of slot s's latest local, interned. */
unsigned ml_local_stack(unsigned s);
/* Is slot s a lent record (ML_CF_LENT) at a live position of this
 * thread's stack of locals? */
int ml_lent_live(unsigned s);

/* ---- typestate.c ---- */
/* Map the typestate directory (init). */
void ml_pck_init(void);
/* Does the program track typestates (a layout was registered)? */
#define ml_pck_on ML_STATE_AT(unsigned, ML_ST_TYPESTATE)
/* The typestate check of libc's access of n bytes at p (w: a write), when
 * ml_pck_on. */
void ml_pck_range(const void *p, uptr n, int w);
/* A typestate's name, "PCK_…". */
const char *ml_pck_name(unsigned id);
/* A grant of a permission that still holds (the innermost first). */
struct ml_tsv_grant {
	const char *ts;     /* the typestate */
	const char *by;     /* the annotation's text, "pck_protect" */
	const site_t *site; /* the annotated function, or pck_protect's caller */
	const char *file;   /* where the annotation (or call) is */
	unsigned line;
};
/* A TYPESTATE-VIOLATION (or a failed PCK_ASSERT: asserted). Runs of
 * typestates around the address are measured up to ML_PCK_RUN_MAX bytes
 * (the report says "at least"). */
#define ML_PCK_RUN_MAX 65536
struct ml_tsv {
	uptr at;              /* the first byte without permission */
	const char *observed; /* its typestate */
	const char *asserted; /* PCK_ASSERT: the typestate asserted, else NULL */
	int heavy;            /* typestate=heavy */
	unsigned changed;     /* the stack where its word last changed typestate, 0 if never */
	/* the typestates around it (paper 003, Fig. 6); prev, next NULL when
	 * the run of observed reaches ML_PCK_RUN_MAX that way */
	const char *prev, *next;
	uptr prev_bytes, next_bytes, offset, run;
	struct ml_tsv_grant grant[12];
	unsigned ngrant;
	int more;             /* grants beyond those listed */
};

/* ---- stack.c ---- */
void ml_stack_init(void);
/* stubs.c: how much vector state the checks' stubs save. */
void ml_stubs_init(void);
/* __ml_ld_miss_full for the loads' stubs of fully checked units (stubs.c). */
meta_t ml_ld_miss_full(uptr slot, uptr v, meta_t tag);
/* Intern the innermost max frames of the shadow call stack, the
 * innermost one's site replaced by site when site is not NULL (or site put
 * above it, for a frameless function's site). Returns 0 for an empty
 * stack. */
unsigned ml_stack_capture_depth(const site_t *site, unsigned max);
/* The same, stack_depth frames, no site: every malloc's and free's (its
 * own function, without the tests of a site: 5 Ir of a capture of list.c's). */
unsigned ml_stack_capture_top(void);
/* This thread's last captures of shallow stacks (ML_SMEMO_FRAMES frames
 * or fewer), by their innermost frame's site and the depth (forest.c's
 * xmalloc, called for a node and one frame deeper for its label, would
 * evict itself by the site alone; sites are 56 bytes apart, so sixteen
 * neighbours take sixteen entries): a loop's mallocs and frees capture
 * the same frames again and again, which compared cost less than hashed
 * and looked up (list.c's 65 instructions a capture). The same frames are
 * the same stack, so an entry is never stale. Eight frames: tree.c's
 * recursive inserts near the root hit too (four: tree 20000 and nbody 300
 * 0.3% and 0.2% slower; sixteen: tree's deeper captures miss, +0.9%). */
#define ML_SMEMO_FRAMES 8
#define ML_SMEMO 16
struct ml_smemo {
	const site_t *f[ML_SMEMO_FRAMES];
	uint32_t top, id;
};
extern __thread struct ml_smemo ml_smemo[ML_SMEMO] __attribute__((tls_model("local-exec")));
/* The memo's entry of a stack of top frames. */
static inline struct ml_smemo *ml_smemo_of(const site_t *const *f, unsigned top)
{
	return &ml_smemo[(((uptr)f[top - 1] >> 3) + top) & (ML_SMEMO - 1)];
}
/* ml_stack_capture_top of a shallow stack, put in its entry. */
unsigned ml_stack_capture_shallow(void);
/* ml_stack_capture_depth, stack_depth frames; a shallow stack without a
 * site is its entry's when its frames are the entry's (the test inline:
 * out of line, list 1 0.9% slower). */
static inline unsigned ml_stack_capture(const site_t *site)
{
	if (site)
		return ml_stack_capture_depth(site, ml_flags.stack_depth);
	unsigned top = __ml_t.depth;
	if (top - 1u >= ML_SMEMO_FRAMES)
		return ml_stack_capture_top();
	const site_t *const *f = __ml_t.frames;
	const struct ml_smemo *e = ml_smemo_of(f, top);
	uptr diff = e->top ^ top;
	for (unsigned i = 0; i < top; i++)
		diff |= (uptr)e->f[i] ^ (uptr)f[i];
	return diff ? ml_stack_capture_shallow() : e->id;
}
/* This thread's recent stacks by hash: captures alternate between a few
 * paths (malloc here, free there), so most of them hit. A 64-bit hash
 * match with the same length is taken as the same stack. Two ways per set
 * (the newest first), so that two hot stacks whose hashes pick one set,
 * as the sites' addresses happen to fall, do not evict each other. */
#define ML_SCACHE 256
struct ml_scache {
	uint64_t hash;
	uint32_t n, id;
};
extern __thread struct ml_scache ml_scache[ML_SCACHE] __attribute__((tls_model("local-exec")));
/* A stack's hash: its frames' folded in, innermost first, then its length
 * (so a capture hashes the shadow stack as it reads it). */
#define ML_HASH_SEED 0x2545f4914f6cdd1dULL
static inline uint64_t ml_hash_frame(uint64_t h, const site_t *f)
{
	return (h ^ (uptr)f) * 0x9e3779b97f4a7c15ULL;
}
static inline uint64_t ml_hash_end(uint64_t h, unsigned n)
{
	h = (h ^ n) * 0x9e3779b97f4a7c15ULL;
	return h ^ (h >> 29);
}
/* The cached id of the stack of hash h and length n (either way of its
 * set), or 0. */
static inline unsigned ml_stack_cached(uint64_t h, unsigned n)
{
	const struct ml_scache *e = &ml_scache[(unsigned)h & (ML_SCACHE - 2)];
	if (e[0].hash == h && e[0].n == n)
		return e[0].id;
	return e[1].hash == h && e[1].n == n ? e[1].id : 0;
}
/* This thread's last stacks of three or four frames (a typestate
 * transition's, ml_stack_capture4): a transition's frames compared cost
 * less than hashed and looked up in ml_scache. Only stacks whose frames all have sites are kept (a stack of
 * three with f[0] 0), so the same frames are the same stack and an entry
 * is never stale. */
#define ML_TMEMO 16
struct ml_tmemo {
	const site_t *f[4];
	uint32_t id;
};
/* What an unused entry holds: no frame's site (an odd address), so no
 * stack matches it and a hit needs no test of its id. */
#define ML_TMEMO_NONE ((const site_t *)1)
extern __thread struct ml_tmemo ml_tmemo[ML_TMEMO] __attribute__((tls_model("local-exec")));
/* The memo's entry of the frames outer, f[0..2]: by all of them, as a
 * recursion's transitions differ only in outer frames. */
static inline struct ml_tmemo *ml_tmemo_of(const site_t *outer, const site_t *const *f)
{
	return &ml_tmemo[(((uptr)outer ^ (uptr)f[0] ^ (uptr)f[1] ^ (uptr)f[2]) >> 3) & (ML_TMEMO - 1)];
}
/* ml_stack_capture4's miss: the thread's cache or the depot, put in the
 * memo when the frames allow. */
unsigned ml_stack_capture4_miss(void);
/* ml_stack_capture4's answer from the thread's memo alone, or 0 (no stack
 * the memo holds has id 0): for a caller that makes no call. */
__attribute__((always_inline)) static inline unsigned ml_stack_memo4(void)
{
	unsigned top = __ml_t.depth;
	if (ML_LIKELY(top - 3u <= __ML_MAX_FRAMES - 3u)) {
		const site_t *const *f = &__ml_t.frames[top - 3];
		const site_t *outer = ML_LIKELY(top > 3) ? f[-1] : 0; /* (a transition's stacks are mostly deeper) */
		const struct ml_tmemo *e = ml_tmemo_of(outer, f);
		uptr diff = ((uptr)e->f[0] ^ (uptr)outer) | ((uptr)e->f[1] ^ (uptr)f[0]) | ((uptr)e->f[2] ^ (uptr)f[1]) |
		            ((uptr)e->f[3] ^ (uptr)f[2]);
		if (!diff)
			return e->id;
	}
	return 0;
}
/* ml_stack_capture_depth(0, 4); inline, so that a transition's put saves
 * no registers around a capture its thread's memo answers. */
__attribute__((always_inline)) static inline unsigned ml_stack_capture4(void)
{
	unsigned id = ml_stack_memo4();
	return ML_LIKELY(id) ? id : ml_stack_capture4_miss();
}
/* Intern the stack f[0..n), innermost first (at most stack_depth frames). */
unsigned ml_stack_intern(const site_t *const *f, unsigned n);
/* Frames of an interned stack, innermost first, into out (at most max). */
unsigned ml_stack_get(unsigned id, const site_t **out, unsigned max);
/* An upper bound of the number of distinct stack ids (0 included). */
size_t ml_stack_count_max(void);
/* The caller's site: the innermost shadow frame, or NULL. */
static inline const site_t *ml_caller_site(void)
{
	unsigned d = __ml_t.depth;
	if (d == 0)
		return 0;
	if (d > __ML_MAX_FRAMES)
		d = __ML_MAX_FRAMES;
	return __ml_t.frames[d - 1];
}

/* ---- records.c ---- */
/* Cold per-slot details of the slot's latest block, parallel to the record
 * table (its size is end - base in the record): 8 bytes, what every block
 * writes (its threads and origin are rare details, ml_rare; what its free
 * writes, ml_freed). */
struct ml_cold {
	uint16_t gen;         /* generation in the metas of the slot's latest block */
	uint16_t flags;       /* ML_CF_* */
	uint32_t alloc_stack;
};
/* The details a slot's blocks write when they die: a table of their own,
 * so the pages of slots whose blocks all live (a program's index kept to
 * its end) are never touched, where in ml_cold they took 12 of every
 * block's 20 bytes. free_stack goes back to 0 as the slot's block is
 * archived for reuse (every recycled slot is: ml_slot_refill); hist and
 * fprov outlive the block.
 *
 * Indexed by groups of ML_FREED_GROUP slots: a directory entry (4 bytes)
 * names the group's chunk of details, made at the group's first free, so a
 * program that frees a few of many live blocks pays for the groups they
 * fall in, not for every page of a slot-indexed table (forest's relabelling
 * frees, one slot in 16, touched all of it: 12 bytes a slot). A group never
 * written reads as zeros. */
struct ml_freed {
	uint32_t free_stack;  /* (0 for a local: its end is its kind) */
	uint32_t hist;        /* newest history entry of this slot (index + 1) */
	uint32_t fprov;       /* explain.c: the number + 1 of the slot's newest free (its ring entry) */
};
#define ML_FREED_GROUP 4u
#define ML_FREED_DIR ((uint32_t *)ML_FREED_ADDR)
/* The chunks, past the directory (chunk n + 1 is the directory's n). */
#define ML_FREED_CHUNKS (ML_FREED_ADDR + __ML_MAX_RECS / ML_FREED_GROUP * sizeof(uint32_t))
#define ML_FREED_CHUNK_SIZE (ML_FREED_GROUP * sizeof(struct ml_freed))
/* Slot s's details in its group's chunk c (the chunk's number + 1). */
static inline struct ml_freed *ml_freed_in(uint32_t c, unsigned s)
{
	return (struct ml_freed *)(ML_FREED_CHUNKS + (uptr)(c - 1) * ML_FREED_CHUNK_SIZE) + s % ML_FREED_GROUP;
}
/* Slot s's details to read, or 0 where its group never wrote any. */
static inline const struct ml_freed *ml_freed_peek(unsigned s)
{
	uint32_t c = ML_ACQ(&ML_FREED_DIR[s / ML_FREED_GROUP]);
	return c ? ml_freed_in(c, s) : 0;
}
/* Slot s's group's chunk, made (its number + 1). */
uint32_t ml_freed_make(unsigned s);
/* Slot s's details to write, its group's chunk made if need be. */
static inline struct ml_freed *ml_freed_at(unsigned s)
{
	uint32_t c = ML_ACQ(&ML_FREED_DIR[s / ML_FREED_GROUP]);
	if (ML_UNLIKELY(c == 0))
		c = ml_freed_make(s);
	return ml_freed_in(c, s);
}
/* Store v unless the field holds it already: a page of zeros is not
 * written with zeros. */
static inline void ml_store_changed(uint32_t *field, uint32_t v)
{
	if (ML_LOAD(field) != v)
		ML_STORE(field, v);
}
/* The details of the slot's latest block that most programs leave zero:
 * the threads that made and freed it, but main (0), and the origin of
 * undefined bytes copied into it (full checking). A table of their own,
 * neither written nor read until some field of it is not zero
 * (ml_rare_used): a single-threaded program's pages of it are never
 * touched, where in ml_cold they took 12 of every block's 32 bytes. Not
 * even read: on a kernel that maps no shared zero page for reads (the
 * benchmarks' machine), a read of a page never written takes memory as a
 * write does (forest: 25.6 MB of its peak). */
struct ml_rare {
	uint32_t alloc_tid;
	uint32_t free_tid;
	uint32_t origin;      /* uninit.c: origin of undefined bytes copied in (0: its own) */
};
#define ML_RARE ((struct ml_rare *)ML_RARE_ADDR)
/* Set (for good) before the first field of ML_RARE that is not zero. */
#define ml_rare_used ML_STATE_AT(int, ML_ST_RARE_USED)
static inline void ml_rare_set(uint32_t *field, uint32_t v)
{
	if (ML_LIKELY(!ML_LOAD(&ml_rare_used))) {
		if (v == 0)
			return;
		ML_STORE(&ml_rare_used, 1);
		/* (the flag before the field: a reader that sees the field set,
		 * ordered after this write, sees the flag too) */
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
	}
	ml_store_changed(field, v);
}
/* A field of ML_RARE: zero while none was ever set. */
static inline uint32_t ml_rare_get(const uint32_t *field)
{
	return ML_ACQ(&ml_rare_used) ? ML_LOAD(field) : 0;
}
#define ML_CF_FREED    1u
#define ML_CF_REALLOC  2u  /* freed by realloc */
#define ML_CF_ARCHIVED 4u  /* copied into the history, slot about to be reused */
#define ML_CF_RETURNED 8u  /* a local retired because its function returned */
#define ML_CF_FOREIGN 16u  /* allocated by code memlens does not see for itself (libc's
                            * stdio buffers, thread descriptors): never the program's leak */
#define ML_CF_LOST    32u  /* reported lost during the run (loss.c) */
#define ML_CF_CUT     64u  /* in a cycle cut off as the program ended: its cut says where (cycles.c) */
#define ML_CF_LENT   128u  /* the record of a position of a thread's stack of locals, for lent locals (objects.c) */
#define ML_CF_IGNORED 256u /* exempted from the leak check by the program (__lsan_ignore_object, or made
                            * between __lsan_disable and __lsan_enable): never a leak, its words roots */
#define ML_COLD ((struct ml_cold *)ML_COLD_ADDR)

/* What the runtime knows about the block a meta (or an address) names. */
struct ml_binfo {
	int known;            /* details below are valid */
	int freed;
	unsigned kind;
	unsigned slot, gen;
	uint64_t id;
	uptr base;
	uint64_t size;
	unsigned alloc_stack, free_stack, alloc_tid, free_tid;
	int by_realloc;
	int returned;         /* a local whose function returned (ML_CF_RETURNED) */
	int readonly;         /* a string literal or const variable (__ML_GEN_READONLY) */
};

void ml_records_init(void);
/* The counters' first values (the state mapping starts zeroed). */
void ml_records_state_init(void);
unsigned ml_slot_get(void);

/* Freed slots travel in batches: a thread fills one as it frees, hands it
 * to the FIFO when full and takes the oldest batch when it needs slots, so
 * both ends are O(1) under the lock. A batch's slots are linked through
 * their dead records' slot fields (which a check compares with its meta's
 * slot: no meta matches a link), in ML_BATCH_CHAINS chains walked side by
 * side when the batch is taken, so a slot waiting to be recycled costs no
 * memory of its own (an array of them took hash's 420k frees at its end
 * 1.7 MB) and its taking waits on ML_SLOT_BATCH / ML_BATCH_CHAINS cold
 * records in a row, not on all of them. */
#define ML_BATCH_CHAINS 8u
struct ml_batch {
	struct ml_batch *next;
	unsigned n;
	unsigned head[ML_BATCH_CHAINS]; /* slot i is in chain i % ML_BATCH_CHAINS */
};
/* Slot s, freed (its generation moved on), into batch b. */
static inline void ml_batch_add(struct ml_batch *b, unsigned s)
{
	unsigned *head = &b->head[b->n++ % ML_BATCH_CHAINS];
	ML_STORE(&__ML_RECS[s].slot, *head);
	*head = s;
}
struct ml_fifo {
	int lock;
	struct ml_batch *head, *tail; /* full batches, oldest first */
	uint64_t count;               /* slots in them */
	struct ml_batch *pool;        /* empty batches */
};
/* records.c's part of the state mapping; hot shared counters each on its
 * own cache line. Here, not in records.c, so that every free's test of its
 * slot and its hand-back of the slot are inline (the two calls, and
 * ml_new_record's second, were 16 Ir a malloc and free of list.c's). */
struct ml_records_state {
	uptr arena_top;
	uint64_t bump __attribute__((aligned(64))); /* next never-used slot */
	uint64_t block_id __attribute__((aligned(64)));
	uint64_t hist_pos __attribute__((aligned(64)));
	uint64_t opened __attribute__((aligned(64))); /* slots below are accessible in every table */
	uint32_t freed_chunks __attribute__((aligned(64))); /* ml_freed's chunks made */
	struct ml_fifo fifo __attribute__((aligned(64)));
};
_Static_assert(ML_ST_RECORDS + sizeof(struct ml_records_state) <= ML_ST_DEPOT, "records.c's state fits");
#define ML_RS (&ML_STATE_AT(struct ml_records_state, ML_ST_RECORDS))
#define ml_bump (ML_RS->bump)
#define ml_opened (ML_RS->opened)

/* Slots below have been handed out (and are open). */
static inline unsigned ml_slot_end(void)
{
	/* (a refill bumps the counter before it opens its slots) */
	uint64_t bump = ML_LOAD(&ml_bump), open = ML_ACQ(&ml_opened);
	return (unsigned)(bump < open ? bump : open);
}
/* Has slot ever been handed out? */
static inline int ml_slot_in_use(unsigned slot)
{
	return slot >= __ML_FIRST_SLOT && slot < ml_slot_end();
}
/* ml_slot_put when the thread has no batch or its batch is full. */
void ml_slot_put_slow(unsigned slot);
/* Hand slot back (freed): into the thread's batch. */
static inline void ml_slot_put(unsigned slot)
{
	struct ml_batch *b = ml_tls.fill;
	if (ML_UNLIKELY(!b || b->n + 1 == ML_SLOT_BATCH)) {
		ml_slot_put_slow(slot);
		return;
	}
	ml_batch_add(b, slot);
}
void ml_slots_flush(void);             /* hand this thread's caches back */
uint64_t ml_next_block_id(void);
/* Give object [p, p+n) of the given kind a record; alloc_stack is where it
 * was made (declared, for a variable). Returns its meta. */
meta_t ml_new_record(const void *p, size_t n, unsigned kind, unsigned alloc_stack);
/* The same on slot s, which the caller owns. */
meta_t ml_init_record(unsigned s, const void *p, size_t n, unsigned kind, unsigned alloc_stack);
/* The name of the slot-indexed table holding a, or 0. */
const char *ml_own_table(uptr a);

/* Can the live-base map hold a block at base (granule-aligned, in
 * application memory)? */
static inline int ml_basemap_ok(uptr base)
{
	return !(base & 15) && ml_app_range(base, 1);
}

/* A variable's (ml_live_insert) and a heap block's (ml_heap_insert)
 * entries, in the two maps. */
static inline void ml_live_insert(uptr base, meta_t m)
{
	if (ml_basemap_ok(base))
		ML_STORE(ml_basemap(base), ml_meta_slot(m));
}
/* The pools of cells of 16 bytes (allocator.c), [lo, hi), both 0 until
 * they are reserved: two of their blocks share a heap-map granule, so a
 * heap block of 16 bytes at most has its entry in the live-base map,
 * whose granule is 16 bytes (glibc's, where the pools have no cell). */
struct ml_tiny {
	uptr lo, hi;
};
#define ML_TINY (&ML_STATE_AT(struct ml_tiny, ML_ST_TINY))
static inline int ml_tiny_has(uptr p)
{
	return p - ML_LOAD(&ML_TINY->lo) < ML_LOAD(&ML_TINY->hi) - ML_LOAD(&ML_TINY->lo);
}
/* (n: the block's size: one of 16 bytes at most has its entry in the
 * live-base map) */
static inline void ml_heap_insert(uptr base, uptr n, meta_t m)
{
	if (ml_basemap_ok(base))
		ML_STORE(n <= 16 ? ml_basemap(base) : ml_heapmap(base), ml_meta_slot(m));
}

int ml_live_lookup(uptr base, meta_t *m);
/* The meta of the live heap block of more than 16 bytes holding v within
 * its first 128 bytes (past a header its allocator put there), or WILD
 * (smaller blocks have their entries in the live-base map). */
meta_t ml_heap_containing(uptr v);

int ml_block_info(meta_t m, struct ml_binfo *b);
int ml_block_by_base(uptr base, struct ml_binfo *b);
/* The live object (heap block or variable) holding address a, found by a
 * scan of every record: for reports only. */
int ml_object_at_addr(uptr a, struct ml_binfo *b);
/* Do slot s's record and details hold possible values (a wild write may
 * have scribbled over them)? Cold paths ask before they follow them. */
int ml_record_sane(unsigned s);
/* The bound of the block ids handed out so far (ml_record_sane's test). */
uint64_t ml_block_ids(void);
/* A record's fields read once (relaxed atomic loads are never merged:
 * two tests of the same record each reload what they use). */
struct ml_rec_view {
	unsigned kind, gen;
	unsigned long id;
	uptr base, end;
};
static inline struct ml_rec_view ml_rec_read(unsigned s)
{
	const struct __ml_rec *r = &__ML_RECS[s];
	unsigned long idkind = ML_LOAD(&r->idkind);
	return (struct ml_rec_view){(unsigned)idkind & 0xffu, ML_LOAD(&r->gen), idkind >> 8, ML_LOAD(&r->base),
	                            ML_LOAD(&r->end)};
}
/* ml_record_sane of a record read, with ids the bound of the block ids. */
static inline int ml_rec_view_sane(const struct ml_rec_view *r, uint64_t ids)
{
	if (r->kind != __ML_KIND_NONE && r->kind != __ML_KIND_HEAP && r->kind != __ML_KIND_GLOBAL &&
	    r->kind != __ML_KIND_STACK)
		return 0;
	if (r->gen > __ML_GEN_READONLY || r->end < r->base || r->id >= ids)
		return 0;
	return r->kind == __ML_KIND_NONE || ml_app_range(r->base, r->end - r->base);
}
void ml_records_lock_all(void);
void ml_records_unlock_all(void);

/* ---- allocator.c ---- */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);
/* Would realloc accept p? (getline's *lineptr.) Reports if not; on success
 * *size is the block's size. */
int ml_check_realloc_arg(void *p, meta_t m, const char *fn, uint64_t *size);
void ml_pool_thread_exit(void);
void ml_pools_lock(void);
void ml_pools_unlock(void);
void ml_pools_used(uptr *lo, uptr *hi);

/* ---- interceptors.c ---- */
/* Bytes a libc function reading the string s (at most max bytes) reads,
 * NUL included; reports bad reads as fn's. */
size_t ml_read_str(const char *s, meta_t m, size_t max, const char *fn);

/* ---- uninit.c ---- */
/* The definedness shadow is kept: full checking's definedness, or, in
 * detection mode, the writes a program's rules ask about (FindLast over
 * write events: a heap byte's bit is set from its allocation until a write
 * through a pointer or by libc). */
static inline int ml_def_kept(void) { return ML_LOAD(&ml_def_kept_on); }
/* (after ml_def_on or the rules' needs change) */
static inline void ml_def_kept_update(void)
{
	ML_STORE(&ml_def_kept_on, ML_LOAD(&ml_def_on) || (ML_LOAD(&ml_rules_logging) & ML_RULES_WRITES));
}
/* The cnt bytes from x, whose bits lie in one shadow byte ((x & 7) + cnt
 * <= 8), get the undefined bits bits (low bit: x's): the byte stored
 * whole when they are all of it, else its other bits kept atomically (a
 * neighbour may be another thread's object). */
static inline void ml_def_put_bits(uptr x, uptr cnt, unsigned bits)
{
	uint8_t *sh = (uint8_t *)__ML_DEF_SHADOW(x);
	uint8_t m = (uint8_t)((0xffu >> (8 - cnt)) << (x & 7)), want = (uint8_t)(bits << (x & 7)) & m;
	uint8_t have = ML_LOAD(sh) & m;
	if (have == want)
		return;
	if (m == 0xff)
		ML_STORE(sh, want);
	else {
		if (have & ~want)
			__atomic_fetch_and(sh, (uint8_t)~(have & ~want), __ATOMIC_RELAXED);
		if (want & ~have)
			__atomic_fetch_or(sh, (uint8_t)(want & ~have), __ATOMIC_RELAXED);
	}
}
/* The bytes hold values: freed blocks, what libc wrote. */
static inline void ml_def_clear(const void *p, uptr n)
{
	if (ml_def_kept())
		__ml_def_slow((uptr)p, n);
}
/* libc reads [p, p+n) as fn's use of it: report undefined bytes. */
void ml_use_range(const void *p, meta_t m, uptr n, const char *fn);
/* A pointer never assigned (meta m, an uninit record's) is used at site,
 * or by fn: an undefined value, reported with its origin while
 * definedness is tracked. The kind reported, or -1 (not tracked,
 * disabled). */
int ml_uninit_pointer_used(meta_t m, const site_t *site, const char *fn);
/* How many bytes of [a, a+n) are undefined. */
uint64_t ml_undef_count(uptr a, uptr n);
/* Decode an origin: a local's declaration (decl), or an object (kind,
 * stack, thread, block id, size). 0 if unknown. */
int ml_origin_get(uptr o, const site_t **decl, unsigned *kind, unsigned *stack, unsigned *tid,
                  uint64_t *id, uint64_t *size);

/* ---- scratch.c ---- */
/* n bytes of zeroed memory of the runtime's own (not the heap's), or
 * NULL; ml_scratch_free gives it back. */
void *ml_scratch(size_t n);
void ml_scratch_free(void *p, size_t n);
/* Heapsort of n elements of size bytes, in the order of less. */
void ml_sort(void *base, size_t n, size_t size, int (*less)(const void *, const void *));

/* ---- permute.c ---- */
/* libc's qsort_r of the program's array, its pointer shadow and
 * definedness bits moved with the elements (each moved pointer a step at
 * site). */
void ml_sort_shadowed(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *, void *), void *ctx,
                      const site_t *site);

/* ---- loss.c ---- */
/* Loss tracking is on (ml_loss_on): every unit announced was built for full
 * checking, and leak_check asks for it. A unit announces itself. */
void ml_loss_unit(int full);
/* Work ml_loss_on out again (an option or memlens_enable changed). */
void ml_loss_refresh(void);
/* A new heap block (meta m): its count starts at zero, and a block of the
 * program's is lost if the statement that made it keeps no reference;
 * another's count is pinned. */
void ml_loss_block(meta_t m, int program);
/* Heap block m (a block of the program's: program) was freed
 * (ml_loss_gone: its references are no longer counted), or its free
 * undone (ml_loss_back: a failed realloc's). */
void ml_loss_gone(unsigned s, int program);
void ml_loss_back(meta_t m, int program);
/* Does a free concern loss tracking (ml_loss_gone)? Two words of the state
 * page, tested inline: a program without fully checked code calls nothing. */
static inline int ml_loss_frees(void) { return ML_LOAD(&ml_refs_kept) | ML_LOAD(&ml_loss_on); }
/* Ways of loss beyond memlens.h's __ML_LOSS_*, and their names
 * (ML_LOSS_COLLECT: not a loss but a note asking for a cycle collection). */
enum { ML_LOSS_FREED = 8, ML_LOSS_CONTAINER, ML_LOSS_DISCARDED, ML_LOSS_CYCLE, ML_LOSS_COLLECT, ML_LOSS_LONGJMP };
extern const char *const ml_loss_names[];
/* The memory [p, p+n) held through meta tag dies (a freed block, a
 * retired local) or is about to be overwritten (memset, memcpy's
 * destination): the pointers stored there lose their references, at the
 * caller's site, the way how says. */
void ml_loss_release(uptr p, uptr n, meta_t tag, unsigned how);
/* Was a pointer to the block in slot s lost from sight (its count
 * pinned)? */
int ml_loss_untracked(unsigned s);
/* The thread ends: check what it dropped. */
void ml_loss_thread_exit(void);
/* The notes made since there were mark of them are a longjmp's: the
 * scope exits among them become ML_LOSS_LONGJMP. */
void ml_loss_settle(unsigned mark);
/* The greatest depth among this thread's notes (loss.c). */
extern __thread unsigned ml_lost_deepest __attribute__((tls_model("local-exec")));
/* The loss checks' trampolines' fast paths (loss.c, general registers
 * only): the statement's notes held again popped, the notes of frames
 * deeper than d handed down; 1 when __ml_lost_check or __ml_lost_leave
 * must run after all. */
int ml_lost_held(void);
int ml_lost_lowered(unsigned d);
/* Pin the count of the block in slot s: it is never found lost during
 * the run (the check at exit judges it). */
void ml_pin(unsigned s);
/* Block s is exempted from the leak check (ML_CF_IGNORED): never reported
 * during the run either. */
void ml_loss_ignore(unsigned s);
/* A block's span, for ml_loss_held. */
struct ml_span {
	uptr lo, hi;
	unsigned slot;
	int held;
};
struct ml_span ml_span_of(unsigned s);
unsigned ml_loss_held(struct ml_span *v, unsigned n);
/* Are the n bytes at a all defined (or definedness not tracked)? */
int ml_bytes_defined(uptr a, uptr n);
/* Report the block in slot s lost at site, the way how says (via: the
 * way the statement cut off a cycle of blocks), steps pointer steps from
 * the block whose loss lost it; once per allocation site, statement and
 * way. */
void ml_loss_report(unsigned s, unsigned gen, const site_t *site, unsigned how, unsigned via,
                    unsigned steps, uint64_t blocks);
/* Collect cycles at the end of the next statement at depth depth or
 * below. */
void ml_loss_collect_at(unsigned depth);
/* The block in slot s is lost: the references it holds go with it. */
void ml_loss_cascade(unsigned s, unsigned gen, const site_t *site, unsigned steps);

/* ---- names.c ---- */
/* A unit announces its table of n sites, which names can then refer to. */
void ml_names_unit(const site_t *sites, unsigned n);
/* The sites that named the block in slot s, oldest first, into v
 * (__ML_NAMES_MAX of them at most); their number. *more: other sites
 * named it too. */
unsigned ml_names_get(unsigned s, const site_t **v, int *more);
/* Is s one of the sites of a unit's table? */
int ml_site_known(const site_t *s);
/* Another thread or a signal handler may run from now on: counts change
 * atomically (__ml_mt). */
void ml_mt_on(void);

/* ---- explain.c ---- */
#define ML_STEPS_MAX __ML_STEPS_MAX
/* Beside each slot, in a ring of its own, what only programs counting
 * statements note: the thread's count when the step was made. Apart, it
 * dirties no page of the steps'. */
#define ML_STEP_CLOCKS ((uptr *)(ML_STEPS_ADDR + ML_STEPS_MAX * sizeof(struct __ml_step)))
#define ML_STEPS_END ((uptr)(ML_STEP_CLOCKS + ML_STEPS_MAX))
#define ML_STEPS __ML_STEPS
/* The ring's size - 1, in the state mapping: steps reach the ring through
 * their thread's next slot, which only taking ids sets from it. */
#define ml_steps_mask ML_STATE_AT(uptr, ML_ST_STEPS_MASK)
/* The thread numbers an id word holds: larger ones show modulo this. */
#define ML_STEP_TID_MAX 0x7fffu
/* A unit counting statements is part of the program: steps note the clock. */
void ml_steps_count(void);
/* This thread takes no more steps from its chunk (it ends, the options
 * change, a step of two slots does not fit): the slots left are cleared,
 * so that none keeps a step of a lap long gone (explain.c). */
void ml_steps_leave(void);
/* A step into memory after a new chunk of ids (out of line, so the common
 * case needs no stack frame). */
void ml_step_into_refill(const site_t *site, prov_t prev, meta_t m, uptr dst) __attribute__((cold));
/* A step at site of a value that came from prev, into no memory (an
 * assignment, an argument, a return, a read): its provenance word from
 * then on (memlens.h). */
#define ml_step __ml_pend
/* A step at site into memory at dst: a store of a value of meta m and
 * provenance prev, or (m: ML_STEP_COPY or ML_STEP_UNDEF, and a length) a
 * copy of memory or of undefined bytes; explanations on. */
__attribute__((always_inline)) static inline void ml_step_into_on(const site_t *site, prov_t prev, meta_t m, uptr dst)
{
	struct __ml_step *e = __ml_t.stepat;
	if (ML_UNLIKELY(e + 1 >= __ml_t.stepend)) {
		ml_step_into_refill(site, prev, m, dst);
		return;
	}
	__ml_t.stepat = e + 2;
	__ml_step_put2(e, (uptr)site, prev, dst, m);
}
static inline void ml_step_into(const site_t *site, prov_t prev, meta_t m, uptr dst)
{
	if (ML_LIKELY(__ml_explain))
		ml_step_into_on(site, prev, m, dst);
}
/* The provenance of a pointer (memlens.h): its pending step (or NULL) and
 * the word it came from. */
struct ml_pv {
	const site_t *site;
	prov_t word;
};
/* What freed a block: the provenance of the pointer free() was given,
 * the step ids older than the free, the block's generation. 24 bytes: its
 * slot is the one whose details lead to it, the thread that freed it the
 * details' too. */
struct ml_fprov {
	const site_t *site;
	prov_t word;
	uint64_t bound : 48; /* (ids are 48 bits) */
	uint64_t gen : 16;
};
/* The entries of the newest frees, found by record slot through its
 * details (ml_freed's fprov: the free's number + 1, low 32 bits, in a line
 * the free writes anyway: frees are sparse among the slots, and a page of
 * entries by slot was dirtied by one free among a hundred live blocks, a
 * page of a table of their own by one among a thousand). The entry is the
 * slot's while fewer than ML_FPROV_N frees followed. */
#define ML_FPROV_N (1u << 17)
#define ML_FPROV_RING ((struct ml_fprov *)ML_FPROV_ADDR)
void ml_explain_init(void);
/* The explain option: on or off, and the ring's size (a power of two). */
void ml_explain_set(int on, uptr ring);
/* Ids handed out so far (the first chunk starts at ML_STEPS_CHUNK_MIN: id 0 is none), in
 * the state mapping. */
#define ml_steps_next ML_STATE_AT(uptr, ML_ST_STEPS)
/* Frees whose provenance was kept, in the state mapping. */
#define ml_fprov_next ML_STATE_AT(uint64_t, ML_ST_FPROV)
/* Ids below this are older than anything this thread does next. */
static inline uptr ml_steps_now(void)
{
	struct __ml_step *e = __ml_t.stepat;
	return e < __ml_t.stepend ? (((uptr)e << 12) + __ml_t.stepbase) >> 16 : ML_LOAD(&ml_steps_next);
}
/* The block of meta m, whose slot's free details are fd, is freed
 * through a pointer of provenance pv. (Inline: every free's; the call
 * was 5 Ir of list.c's frees.) */
static inline void ml_explain_free(struct ml_freed *fd, meta_t m, const struct ml_pv *pv)
{
	if (!ML_LOAD(&__ml_explain))
		return;
	/* (atomic only where other threads free: alone, the lock prefix
	 * drained the store buffer at every free) */
	uint64_t n = ML_LOAD(&__ml_mt) ? ML_ADD(&ml_fprov_next, 1) : ml_fprov_next++;
	struct ml_fprov *f = &ML_FPROV_RING[n & (ML_FPROV_N - 1)];
	f->site = pv ? pv->site : 0;
	f->word = pv ? pv->word : __ML_GEN_NONE;
	f->bound = ml_steps_now();
	f->gen = ml_meta_gen(m);
	ML_STORE(&fd->fprov, (uint32_t)(n + 1));
}
/* The provenance of the pointer that freed the block of meta m (slot
 * s), if kept; *bound: the step ids older than that free. */
int ml_explain_freed_by(unsigned s, meta_t m, struct ml_pv *pv, uptr *bound);
/* The provenance of the interceptor's argument of meta m, if known. */
int ml_arg_pv(meta_t m, struct ml_pv *pv);
/* The provenance word of argument i of the running interceptor,
 * its pending step put in the ring: the value is handed on. */
prov_t ml_arg_word(unsigned i);
/* An interceptor's pointer result: meta m, generated as gen says
 * (__ML_GEN_EXTERN: the provenance of the argument it points into). */
void ml_setret(uptr self, meta_t m, prov_t gen);
/* Steps of undefined bytes (uninit.c), told apart from pointers' by their
 * meta: the flag and the bytes' length. Their prev is the address the
 * bytes were copied from, or (UNDEF_VALUE, a store of a value) the origin
 * of that value, whose step read it. */
#define ML_STEP_UNDEF       __ML_STEP_UNDEF /* (memlens.h) */
#define ML_STEP_UNDEF_VALUE (1UL << 62)
#define ML_STEP_UNDEF_DECL  (1UL << 61) /* a local declared without initializer: the chain's end */
#define ML_STEP_UNDEF_LEN(m) ((m) & 0xffffffffffffUL)
#define ML_STEP_COPY        __ML_STEP_COPY /* (memlens.h) */
/* An origin naming the step that read its value (memlens.h). */
#define ML_ORIGIN_STEP (1UL << 63)
static inline uptr ml_origin_base(uptr o)
{
	return (o & ML_ORIGIN_STEP) ? (o & ((1UL << 22) - 1)) : o;
}
static inline uptr ml_origin_step(uptr o)
{
	return (o & ML_ORIGIN_STEP) ? (o >> 22) & ((1UL << 41) - 1) : 0;
}
/* How a chain ends. */
enum {
	ML_END_ORIGIN,  /* where the value was generated (gen) */
	ML_END_UNKNOWN, /* a value memlens knows nothing about */
	ML_END_DROPPED, /* older steps were overwritten in the ring */
	ML_END_UNSEEN,  /* loaded from slot, which no step stored it into */
	ML_END_LONG,    /* the walk was cut short */
	ML_END_OFF,     /* explanations are off (explain=0) */
};
/* One statement of a chain; repeat: as many more consecutive steps at the
 * same site (a loop, a recursion). */
struct ml_link {
	const site_t *site;
	uptr dst;
	unsigned tid;
	uptr clock;
	uint64_t repeat;
};
#define ML_CHAIN_MAX 32
struct ml_chain {
	unsigned n;
	struct ml_link link[ML_CHAIN_MAX];
	uint64_t more;       /* links past ML_CHAIN_MAX */
	unsigned end;        /* ML_END_* */
	prov_t gen;          /* ML_END_ORIGIN: __ML_GEN_* */
	uptr slot;           /* ML_END_UNSEEN: the slot */
	uptr clock;          /* the thread's statement count at the report */
	int undef;           /* the chain of an uninitialized value */
	const site_t *decl;  /* its end: the local declared without initializer, if found */
};
/* The chain of the pointer of meta m and provenance pv (its pending step
 * made by thread tid), its steps older than step id bound (ML_BOUND_NOW:
 * any). */
#define ML_BOUND_NOW (~(uptr)0)
void ml_chain_build(const struct ml_pv *pv, meta_t m, uptr bound, unsigned tid, struct ml_chain *c);
/* The chain of the undefined bytes at a, or (a == 0) of the undefined
 * value of that origin: the copies that carried them back to the object
 * never written. */
void ml_chain_build_undef(uptr a, uptr origin, struct ml_chain *c);

/* ---- cycles.c ---- */
/* Is a cycle collection due (counts the program's allocations)? */
int ml_cycles_due(void);
/* k of the program's blocks were freed (-1: a free undone). */
void ml_cycles_freed(int k);
/* Find blocks that only point to each other, at the end of a statement
 * at depth depth (ML_CYCLES_EXIT: as the program ends). */
#define ML_CYCLES_EXIT (~0u)
void ml_cycles_collect(unsigned depth);
/* The statement that cut off the cycle of the block in slot s as the
 * program ended (ML_CF_CUT), or NULL. */
const site_t *ml_cycles_cut(unsigned s);
/* At exit: where the block in slot s (generation gen) lost its last
 * reference, if that was noted and not yet checked. */
const site_t *ml_loss_pending(unsigned s, unsigned gen, unsigned *how);

/* ---- rules.c ---- */
/* free(p) or realloc(p) (acc) through meta m is about to release a block
 * while ml_rules_logging. */
struct ml_pv;
void ml_rules_free(void *p, meta_t m, int acc, uptr pc, const struct ml_pv *pv) __attribute__((cold));

/* ---- errors.c ---- */
enum ml_kind {
	ML_HEAP_BUFFER_OVERFLOW,
	ML_DANGLING_POINTER_DEREF,
	ML_DOUBLE_FREE,
	ML_UNMATCHED_FREE,
	ML_NULL_POINTER_DEREF,
	ML_STACK_BUFFER_OVERFLOW,
	ML_GLOBAL_BUFFER_OVERFLOW,
	ML_INTRA_OBJECT_OVERFLOW,
	ML_USE_AFTER_RETURN,
	ML_USE_AFTER_SCOPE,
	ML_INVALID_DEREF,
	ML_UNINITIALIZED_READ,
	ML_READ_ONLY_WRITE,
	ML_MEMORY_LEAK,
	ML_STACK_OVERFLOW,
	ML_ARITHMETIC_ERROR,
	ML_ILLEGAL_INSTRUCTION,
	ML_TYPESTATE_VIOLATION,
	ML_NKINDS
};
/* A program's own rules report kinds ML_NKINDS + 1 + i (rules.h; ML_NKINDS
 * itself stands for "all" where kinds are named). */
#define ML_KINDS_MAX (ML_NKINDS + 1 + 64)
struct ml_kind_info {
	const char *name;     /* stable: appears in reports and JSON "kind" */
	const char *desc;
};
extern const struct ml_kind_info ml_kinds[ML_NKINDS];
/* The name of kind k: a built-in one's, or a rule's of the program. */
const char *ml_kind_name(unsigned k);
/* Which kinds are detected (ml_kind_enabled, in the state mapping; a
 * later option flips them); they start as ml_kinds_default. */
typedef unsigned char ml_kinds_on_t[ML_KINDS_MAX];
_Static_assert(ML_ST_KINDS + sizeof(ml_kinds_on_t) <= ML_ST_RARE_USED, "the kinds fit their state");
extern const ml_kinds_on_t ml_kinds_default;

/* ---- detectors.c ---- */
/* ML_INDEX: an index checked against the static bound of a named array
 * (a deref whose redex is the array and the index, not a pointer). */
/* ML_USE: a value is used (a branch, arithmetic, an index, a call's
 * argument, libc reading bytes): the redex is the bytes, or a local's value. */
/* ML_LEAK: the leak check found lost blocks (the redex: one loss record). */
enum ml_point { ML_DEREF_R, ML_DEREF_W, ML_FREE, ML_CALL, ML_RET, ML_INDEX, ML_USE, ML_LEAK, ML_NPOINTS };

/* A loss record of the leak check: the lost blocks of one category with
 * one allocation stack. */
struct ml_leak {
	const char *how;      /* "definite", "indirect" or "possible" */
	uint64_t bytes, blocks;
	uint64_t id, size;    /* the first block's number and size */
	unsigned stack, tid;  /* where and by whom the first was allocated */
	int run;              /* found at its point of loss during the run (loss.c) */
	const site_t *lost;   /* where the last reference was lost, if known */
	const char *lost_how; /* how (ml_loss_how), with lost */
	unsigned depth;       /* pointer steps from the block whose loss lost it */
	int untracked;        /* a pointer to it went where memlens cannot follow */
	const char *via;      /* a cycle cut off: how the statement cut it (ml_loss_names) */
	uint64_t cycle;       /* a cycle cut off: its blocks */
	unsigned slot;        /* the first block's slot, for its names */
	int jumped;           /* a longjmp skipped the frame whose local held it */
	const char *asker;    /* found by a check the program asked for: the function it called */
};
enum ml_access { ML_ACC_READ, ML_ACC_WRITE, ML_ACC_FREE, ML_ACC_REALLOC, ML_ACC_USE, ML_ACC_LEAK,
                 ML_ACC_CALL, ML_ACC_RET, ML_ACC_EXIT /* a program's rules: a watched function, its end */ };

/* One redex reaching a detection point (paper 000 §2.1). */
struct ml_event {
	enum ml_point point;
	enum ml_access access;
	uptr p;               /* the pointer r */
	meta_t m;             /* its meta (for frees: the resolved meta) */
	uptr n;               /* bytes accessed */
	const site_t *site;   /* where, or NULL */
	uptr pc;              /* return address into uninstrumented code, or 0 */
	const char *fn;       /* libc function performing the access, or NULL */
	const char *note;     /* extra sentence for the report, or NULL */
	const struct __ml_array *arr; /* ML_INDEX: the array */
	uptr index;           /* ML_INDEX: the index */
	uptr origin;          /* ML_USE: where the undefined value came from (uninit.c) */
	const site_t *decl;   /* ML_USE: the local read by name, when it is no object */
	const struct ml_leak *leak; /* ML_LEAK */
	struct ml_pv pv;      /* the provenance of the pointer r (explain.c) */
	int has_pv;
	int resolved;         /* blk filled */
	struct ml_binfo blk;
	const struct ml_fired *fired; /* the detector that fired: what to locate (rules.h) */
	const struct ml_tev *tev;     /* ML_CALL, ML_RET: the watched function's event (rules.h) */
	const struct ml_pv *argpv;    /* ML_CALL: its pointer arguments' provenance, or NULL */
	const struct ml_tsv *tsv;     /* TYPESTATE-VIOLATION: what the report tells */
};
/* Run the detectors registered at ev->point; returns the kind reported
 * (or that fired but was a duplicate), -1 when no condition held. */
int ml_detect(struct ml_event *ev);
/* The program's own rules alone (an event no built-in rule detects). */
int ml_detect_rules(struct ml_event *ev);
/* The block ev's pointer names, resolved once: what the paper's auxiliary
 * predicates (Allocated, Freed, Begin, End) look at. */
const struct ml_binfo *ml_event_block(struct ml_event *ev);

/* Check an access of n bytes at p through meta m (interceptors): the inline
 * test of memlens.h, then the detectors. */
ML_SLOW void ml_access_slow(const void *p, meta_t m, uptr n, int write,
                            const char *fn, const site_t *site);
/* The same for a pointer of known provenance pv (NULL: an interceptor's
 * argument, found by its meta). */
void ml_access_slow_pv(const void *p, meta_t m, uptr n, int write, const char *fn,
                       const site_t *site, const struct ml_pv *pv);
/* An access that passed its check, for the program's rules that detect at
 * deref (not for the built-in rules, which hold only where a check fails),
 * and a write for those that ask of writes (ml_def_kept). */
void ml_rules_access(const void *p, meta_t m, uptr n, int write, const char *fn, const site_t *site,
                     const struct ml_pv *pv);
/* Is an access of n (> 0) bytes at p through meta m certainly fine? */
static inline int ml_access_ok(const void *p, meta_t m, uptr n, int write)
{
	const struct __ml_rec *r = &__ML_RECS[(unsigned)m];
	uptr a = (uptr)p;
	return !((r->gen != (unsigned)(m >> 32)) | (a < r->base) | (a + n > r->end) | (a + n < a) |
	         (write && (unsigned short)(m >> 32) == __ML_GEN_READONLY));
}
static inline void ml_check(const void *p, meta_t m, uptr n, int write,
                            const char *fn)
{
	if (n == 0)
		return;
	if (ML_UNLIKELY(!ml_access_ok(p, m, n, write)))
		ml_access_slow(p, m, n, write, fn, ml_caller_site());
	else if (ML_UNLIKELY(ML_LOAD(&ml_rules_logging) & (ML_RULES_DEREF_POINT | ML_RULES_WRITES)))
		ml_rules_access(p, m, n, write, fn, ml_caller_site(), 0);
}

/* A FILE * libc will dereference: catches NULL and closed (freed) streams. */
static inline void ml_check_file(void *f, meta_t mf, const char *fn)
{
	ml_check(f, mf, 1, 0, fn);
}

/* ---- signals.c ---- */
/* Do function names a and b (sites' func) name the same function? */
int ml_same_func(const char *a, const char *b);
/* Catch the signals of a crash in this process (the handle_* options)
 * and give the main thread its alternate signal stack: at start, once the
 * options are known. */
void ml_signals_init(void);
/* A thread memlens starts, whose stack is [lo, hi) (0, 0: unknown): its
 * alternate signal stack. */
void ml_signals_thread(uptr lo, uptr hi);
/* A fatal signal the program does not handle, as report.c shows it. The
 * sentences are signals.c's; report.c lays them out like every report. */
struct ml_fault {
	const char *signame;      /* "SIGSEGV" */
	const char *codename;     /* its si_code's name, "SEGV_MAPERR" ("" if none) */
	const char *access;       /* "read", "write", "execute", "arithmetic" or "access" */
	uptr addr;                /* the faulting address (has_addr); SIGFPE, SIGILL: the instruction's */
	int has_addr;
	uptr pc;                  /* the faulting instruction */
	const site_t *site;       /* the faulting statement, or NULL */
	unsigned stack;           /* the call stack, interned */
	char what[192];           /* the headline after the kind */
	char why[768];            /* what the address is, or what went wrong */
	char code[512];           /* where the pc is, when not in the program's code ("") */
	char note[256];           /* how the location was found, when imprecise ("") */
	/* STACK-OVERFLOW */
	const char *rec[8];       /* the functions recursing, in call order */
	unsigned nrec;
	uint64_t depth;           /* instrumented frames on the stack */
	uint64_t stack_size;      /* the thread's stack, bytes (0: unknown) */
};
/* Write the report of f as kind; 0 when nothing was written (a
 * suppression, or the report lock stayed held). The caller then dies of
 * the signal. */
int ml_report_fault(enum ml_kind kind, const struct ml_fault *f);

/* Die of sig as the program would natively: its default action, now, or
 * when the handler running returns (sig is blocked inside it). */
void ml_die_of(int sig);

/* Would a SIGSEGV this thread raised now reach a handler of the program's
 * (installed by any code, or there before memlens started)? */
int ml_segv_is_programs(void);

/* Is fault sig (si, uc: the interrupted context) a stack overflow? */
int ml_stack_overflow(int sig, const siginfo_t *si, const void *uc);

/* Is act's handler memlens's own (the program putting back what signal()
 * or sigaction() told it was there)? Then *own: memlens's action, as
 * installed at start, with its flags (SA_SIGINFO). */
struct sigaction;
int ml_as_own_action(const struct sigaction *act, struct sigaction *own);

/* ---- damage.c ---- */
/* ml_damage (in the state mapping) is set once a wild write into
 * memlens's tables was found: nothing more is reported. */
/* Say, once, in one line, that memlens's state was damaged (what: a
 * printf format of v) and at which statement; stop reporting. */
void ml_damaged(const char *what, uint64_t v);
/* Does [a, a+n) reach memlens's own ranges (outside application memory,
 * canonical)? */
int ml_own_range(uptr a, uptr n);
/* A reported access ev that reaches memlens's own memory is not made: the
 * program dies of SIGSEGV, as natively. */
void ml_refuse_own(const struct ml_event *ev);
/* A cold path (a report, the leak check) runs after ML_COLD_GUARD until
 * ML_COLD_UNGUARD; a fault inside it means memlens's state was damaged:
 * the signal handler says so (ml_damaged) and jumps back, and the
 * statement after the macro (the cold path's way out) runs. jb: a
 * sigjmp_buf. */
#define ML_COLD_GUARD(jb, outer)                                                                  \
	void *outer = ml_tls.recover;                                                             \
	if (sigsetjmp(jb, 1) ? (ml_tls.recover = outer, 1) : (ml_tls.recover = &(jb), 0))
#define ML_COLD_UNGUARD(outer) (ml_tls.recover = (outer))

/* ---- report.c ---- */
void ml_report(enum ml_kind kind, struct ml_event *ev);
/* After the leak reports: bytes and blocks ([0], [1]) of each category,
 * and the largest still-reachable loss records by allocation stack. */
#define ML_LEAK_SITES 10
struct ml_leak_sum {
	uint64_t definite[2], indirect[2], possible[2], reachable[2], suppressed[2];
	uint64_t run[2];       /* reported where they were lost, during the run */
	const char *asker;     /* a check the program asked for: the function it called */
	unsigned nsites, more;
	struct {
		uint64_t bytes, blocks;
		unsigned stack;
		int foreign;       /* libc's (or uninstrumented code's) own */
	} site[ML_LEAK_SITES];
};
void ml_leak_summary(const struct ml_leak_sum *sum);
/* The calling thread's stack on the text log, as reports show stacks. */
void ml_print_stack(void);

/* ---- leaks.c ---- */
/* The leak check, at exit or earlier (ml_check_leaks_now): once. */
void ml_check_leaks(void);
/* The leak check now, as the program asks by calling asker
 * (__lsan_do_leak_check: the once; recoverable, another that leaves the
 * one at exit to come); whether it reported a leak. */
int ml_check_leaks_now(const char *asker, int recoverable);
/* ml_world_stopped(fn), this thread's stack a root from the caller's
 * frame up (the leak checks': not the runtime's own dead frames). */
void ml_world_stopped_here(void (*fn)(void));
/* Root regions (__lsan_register_root_region): their mapped words are
 * scanned as roots; unregistering one not registered is 0. */
void ml_root_region_add(uptr p, size_t n);
/* The slot of the live heap block p points into, or -1. */
long ml_heap_block_at(uptr p);
int ml_root_region_remove(uptr p, size_t n);
/* Note where the process's envp[] array ends (from the preinit's envp). */
void ml_note_startup_vectors(char **envp);
/* The pointer map P now, for the rules (Reachable, Pointed): the leak
 * check's marking of the live heap blocks from the roots, this thread's
 * stack scanned from sp up (other threads are not stopped); 0 if there was
 * no memory for it. ml_ptrmap_state: what it says of the block at base. */
enum { ML_PM_NONE, ML_PM_LOST, ML_PM_POINTED, ML_PM_REACHABLE };
int ml_ptrmap_build(uptr sp);
int ml_ptrmap_state(uptr base);
/* Does a suppression (the suppressions option, suppress.c) cover a report
 * of kind whose stack is stack (a leak's: its allocation stack)? */
int ml_suppressed(enum ml_kind kind, unsigned stack);
/* Read the suppressions file, once (a leak check reads it before it takes
 * the heap apart). */
void ml_supp_load(void);
/* The kind named s[0..n) (case ignored), or -1; "all": ML_NKINDS. */
int ml_kind_named(const char *s, size_t n);
void ml_report_lock(void);
void ml_report_unlock(void);
/* Keep a private copy of stderr for the reports (report.c). */
void ml_keep_stderr(void);
/* Unconditional diagnostics (bad options, fatal errors): one write(2). */
void ml_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
__attribute__((noreturn)) void ml_die(void);

#endif
