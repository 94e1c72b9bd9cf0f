/* asan.c: the sanitizer interface gcc's <sanitizer/asan_interface.h>,
 * <sanitizer/lsan_interface.h> and <sanitizer/common_interface_defs.h>
 * declare, which programs call when __SANITIZE_ADDRESS__ is defined.
 *
 * memlens defines that macro while preprocessing, as gcc does under
 * -fsanitize=address, because programs use it to leave out what a checker
 * reports or hides: word reads past a key's end (jansson's lookup3.h), their
 * own allocators, closing stderr at exit (gnulib's closeout.c), where the
 * leak report goes. The same code then calls what those headers declare:
 * region poisoning for its arenas, fiber switches, leak suppressions. Each
 * is here, so such a program links (internal/rtbuild's test holds this to
 * the installed gcc's headers), with the meaning memlens can give it:
 * memlens checks each access against the block it was made from, not
 * against a byte map a program could mark, so poisoning does nothing and
 * no byte reads as poisoned; it keeps no fake stacks and no report to
 * query. The leak check honours LSan's interface (exempted blocks, root
 * regions, checks the program asks for), and
 * __sanitizer_print_stack_trace prints the stack as reports do; the rest
 * (USAGE.md lists them) do nothing and give a neutral answer. Weak: a
 * program defining them (the hooks and __asan_default_options are its to
 * define) keeps its own.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "internal.h"

#define ML_WEAK __attribute__((weak))

/* ---- common_interface_defs.h ---- */

/* (reports go where MEMLENS_OPTIONS's log_path says) */
ML_WEAK void __sanitizer_set_report_path(const char *path)
{
	(void)path;
}

ML_WEAK void __sanitizer_set_report_fd(void *fd)
{
	(void)fd;
}

ML_WEAK const char *__sanitizer_get_report_path(void)
{
	return NULL;
}

ML_WEAK void __sanitizer_sandbox_on_notify(void *args)
{
	(void)args;
}

ML_WEAK void __sanitizer_report_error_summary(const char *error_summary)
{
	(void)error_summary;
}

ML_WEAK uint16_t __sanitizer_unaligned_load16(const void *p)
{
	uint16_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

ML_WEAK uint32_t __sanitizer_unaligned_load32(const void *p)
{
	uint32_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

ML_WEAK uint64_t __sanitizer_unaligned_load64(const void *p)
{
	uint64_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

ML_WEAK void __sanitizer_unaligned_store16(void *p, uint16_t x)
{
	memcpy(p, &x, sizeof x);
}

ML_WEAK void __sanitizer_unaligned_store32(void *p, uint32_t x)
{
	memcpy(p, &x, sizeof x);
}

ML_WEAK void __sanitizer_unaligned_store64(void *p, uint64_t x)
{
	memcpy(p, &x, sizeof x);
}

/* Nonzero for the first caller only, as ASan's. */
ML_WEAK int __sanitizer_acquire_crash_state(void)
{
	static int taken;
	return !__atomic_exchange_n(&taken, 1, __ATOMIC_RELAXED);
}

ML_WEAK void __sanitizer_annotate_contiguous_container(const void *beg, const void *end, const void *old_mid,
                                                       const void *new_mid)
{
	(void)beg;
	(void)end;
	(void)old_mid;
	(void)new_mid;
}

/* (nothing poisoned: every container is as annotated) */
ML_WEAK int __sanitizer_verify_contiguous_container(const void *beg, const void *mid, const void *end)
{
	(void)beg;
	(void)mid;
	(void)end;
	return 1;
}

ML_WEAK const void *__sanitizer_contiguous_container_find_bad_address(const void *beg, const void *mid,
                                                                      const void *end)
{
	(void)beg;
	(void)mid;
	(void)end;
	return NULL;
}

ML_WEAK void __sanitizer_print_stack_trace(void)
{
	ml_print_stack();
}

/* (an empty name: memlens symbolizes its own reports' sites only) */
ML_WEAK void __sanitizer_symbolize_pc(void *pc, const char *fmt, char *out_buf, size_t out_buf_size)
{
	(void)pc;
	(void)fmt;
	if (out_buf_size)
		out_buf[0] = 0;
}

ML_WEAK void __sanitizer_symbolize_global(void *data_ptr, const char *fmt, char *out_buf, size_t out_buf_size)
{
	(void)data_ptr;
	(void)fmt;
	if (out_buf_size)
		out_buf[0] = 0;
}

ML_WEAK void __sanitizer_set_death_callback(void (*callback)(void))
{
	(void)callback;
}

/* The comparison hooks are the program's to define (fuzzers' value
 * profiles); memlens never calls them. */
ML_WEAK void __sanitizer_weak_hook_memcmp(void *called_pc, const void *s1, const void *s2, size_t n, int result)
{
	(void)called_pc;
	(void)s1;
	(void)s2;
	(void)n;
	(void)result;
}

ML_WEAK void __sanitizer_weak_hook_strncmp(void *called_pc, const char *s1, const char *s2, size_t n, int result)
{
	(void)called_pc;
	(void)s1;
	(void)s2;
	(void)n;
	(void)result;
}

ML_WEAK void __sanitizer_weak_hook_strncasecmp(void *called_pc, const char *s1, const char *s2, size_t n,
                                               int result)
{
	(void)called_pc;
	(void)s1;
	(void)s2;
	(void)n;
	(void)result;
}

ML_WEAK void __sanitizer_weak_hook_strcmp(void *called_pc, const char *s1, const char *s2, int result)
{
	(void)called_pc;
	(void)s1;
	(void)s2;
	(void)result;
}

ML_WEAK void __sanitizer_weak_hook_strcasecmp(void *called_pc, const char *s1, const char *s2, int result)
{
	(void)called_pc;
	(void)s1;
	(void)s2;
	(void)result;
}

ML_WEAK void __sanitizer_weak_hook_strstr(void *called_pc, const char *s1, const char *s2, char *result)
{
	(void)called_pc;
	(void)s1;
	(void)s2;
	(void)result;
}

ML_WEAK void __sanitizer_weak_hook_strcasestr(void *called_pc, const char *s1, const char *s2, char *result)
{
	(void)called_pc;
	(void)s1;
	(void)s2;
	(void)result;
}

ML_WEAK void __sanitizer_weak_hook_memmem(void *called_pc, const void *s1, size_t len1, const void *s2,
                                          size_t len2, void *result)
{
	(void)called_pc;
	(void)s1;
	(void)len1;
	(void)s2;
	(void)len2;
	(void)result;
}

ML_WEAK void __sanitizer_print_memory_profile(size_t top_percent, size_t max_number_of_contexts)
{
	(void)top_percent;
	(void)max_number_of_contexts;
}

/* A fiber switch: memlens keeps no fake stack to save, and tells no
 * previous stack's bounds (the program passes them back unused). */
ML_WEAK void __sanitizer_start_switch_fiber(void **fake_stack_save, const void *bottom, size_t size)
{
	(void)bottom;
	(void)size;
	if (fake_stack_save)
		*fake_stack_save = NULL;
}

ML_WEAK void __sanitizer_finish_switch_fiber(void *fake_stack_save, const void **bottom_old, size_t *size_old)
{
	(void)fake_stack_save;
	if (bottom_old)
		*bottom_old = NULL;
	if (size_old)
		*size_old = 0;
}

ML_WEAK int __sanitizer_get_module_and_offset_for_pc(void *pc, char *module_path, size_t module_path_len,
                                                     void **pc_offset)
{
	(void)pc;
	(void)module_path;
	(void)module_path_len;
	(void)pc_offset;
	return 0;
}

/* ---- lsan_interface.h ---- */

/* LSan's meaning: a block made while the thread has the check disabled
 * (nesting counts), or one the program ignores, is never reported, and
 * what it points to is kept (its words are roots); so are a root region's
 * mapped words. */
ML_WEAK void __lsan_disable(void)
{
	ml_tls.lsan_disabled++;
}

ML_WEAK void __lsan_enable(void)
{
	if (!ml_tls.lsan_disabled) {
		ml_printf("memlens: unmatched call to __lsan_enable()\n"); /* (LSan dies too) */
		ml_die();
	}
	ml_tls.lsan_disabled--;
}

/* (any pointer into the block, as LSan; one into none is ignored) */
ML_WEAK void __lsan_ignore_object(const void *p)
{
	if (!ml_ready())
		return;
	long s = ml_heap_block_at((uptr)p);
	if (s < 0)
		return;
	__atomic_fetch_or(&ML_COLD[s].flags, ML_CF_IGNORED, __ATOMIC_RELAXED);
	ml_loss_ignore((unsigned)s);
}

ML_WEAK void __lsan_register_root_region(const void *p, size_t size)
{
	ml_root_region_add((uptr)p, size);
}

ML_WEAK void __lsan_unregister_root_region(const void *p, size_t size)
{
	if (!ml_root_region_remove((uptr)p, size)) {
		ml_printf("memlens: __lsan_unregister_root_region(): region at %p of size %zu has not been "
		          "registered\n", p, size); /* (LSan dies too) */
		ml_die();
	}
}

/* The leak check now; it runs once, so the one at exit is then skipped
 * (as under LSan). */
ML_WEAK void __lsan_do_leak_check(void)
{
	ml_check_leaks_now("__lsan_do_leak_check", 0);
}

/* Another check, reporting what it finds, the one at exit still to come
 * (which reports what is still lost again, as LSan's does). */
ML_WEAK int __lsan_do_recoverable_leak_check(void)
{
	return ml_check_leaks_now("__lsan_do_recoverable_leak_check", 1);
}

ML_WEAK int __lsan_is_turned_off(void)
{
	return 0;
}

ML_WEAK const char *__lsan_default_options(void)
{
	return "";
}

ML_WEAK const char *__lsan_default_suppressions(void)
{
	return "";
}

/* ---- asan_interface.h ---- */

ML_WEAK void __asan_describe_address(void *addr)
{
	(void)addr;
}

/* No ASan report happened: the queries answer nothing. */
ML_WEAK int __asan_report_present(void)
{
	return 0;
}

ML_WEAK void *__asan_get_report_pc(void)
{
	return NULL;
}

ML_WEAK void *__asan_get_report_bp(void)
{
	return NULL;
}

ML_WEAK void *__asan_get_report_sp(void)
{
	return NULL;
}

ML_WEAK void *__asan_get_report_address(void)
{
	return NULL;
}

ML_WEAK int __asan_get_report_access_type(void)
{
	return 0;
}

ML_WEAK size_t __asan_get_report_access_size(void)
{
	return 0;
}

ML_WEAK const char *__asan_get_report_description(void)
{
	return NULL;
}

ML_WEAK const char *__asan_locate_address(void *addr, char *name, size_t name_size, void **region_address,
                                          size_t *region_size)
{
	(void)addr;
	if (name_size)
		name[0] = 0;
	if (region_address)
		*region_address = NULL;
	if (region_size)
		*region_size = 0;
	return "unknown";
}

/* (memlens's stacks are of instrumented sites, not of return addresses) */
static size_t ml_no_stack(int *thread_id)
{
	if (thread_id)
		*thread_id = -1;
	return 0;
}

ML_WEAK size_t __asan_get_alloc_stack(void *addr, void **trace, size_t size, int *thread_id)
{
	(void)addr;
	(void)trace;
	(void)size;
	return ml_no_stack(thread_id);
}

ML_WEAK size_t __asan_get_free_stack(void *addr, void **trace, size_t size, int *thread_id)
{
	(void)addr;
	(void)trace;
	(void)size;
	return ml_no_stack(thread_id);
}

/* (no shadow memory) */
ML_WEAK void __asan_get_shadow_mapping(size_t *shadow_scale, size_t *shadow_offset)
{
	if (shadow_scale)
		*shadow_scale = 0;
	if (shadow_offset)
		*shadow_offset = 0;
}

ML_WEAK void __asan_report_error(void *pc, void *bp, void *sp, void *addr, int is_write, size_t access_size)
{
	(void)pc;
	(void)bp;
	(void)sp;
	(void)addr;
	(void)is_write;
	(void)access_size;
}

ML_WEAK void __asan_set_death_callback(void (*callback)(void))
{
	(void)callback;
}

ML_WEAK void __asan_set_error_report_callback(void (*callback)(const char *))
{
	(void)callback;
}

ML_WEAK void __asan_on_error(void)
{
}

ML_WEAK void __asan_print_accumulated_stats(void)
{
}

ML_WEAK const char *__asan_default_options(void)
{
	return "";
}

ML_WEAK void *__asan_get_current_fake_stack(void)
{
	return NULL;
}

ML_WEAK void *__asan_addr_is_in_fake_stack(void *fake_stack, void *addr, void **beg, void **end)
{
	(void)fake_stack;
	(void)addr;
	(void)beg;
	(void)end;
	return NULL;
}

ML_WEAK void __asan_handle_no_return(void)
{
}

ML_WEAK int __asan_update_allocation_context(void *addr)
{
	(void)addr;
	return 0;
}

ML_WEAK void __asan_poison_memory_region(void const volatile *addr, size_t size)
{
	(void)addr;
	(void)size;
}

ML_WEAK void __asan_unpoison_memory_region(void const volatile *addr, size_t size)
{
	(void)addr;
	(void)size;
}

ML_WEAK int __asan_address_is_poisoned(void const volatile *addr)
{
	(void)addr;
	return 0;
}

ML_WEAK void *__asan_region_is_poisoned(void *beg, size_t size)
{
	(void)beg;
	(void)size;
	return NULL;
}
