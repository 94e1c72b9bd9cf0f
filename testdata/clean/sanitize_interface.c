/* A program calling, under __SANITIZE_ADDRESS__, every function gcc's
 * <sanitizer/asan_interface.h>, <sanitizer/lsan_interface.h> and
 * <sanitizer/common_interface_defs.h> declare, as coroutine libraries, leak
 * suppressions and annotated containers do. memlens defines the macro, as
 * gcc -fsanitize=address does: the calls link, and give neutral answers
 * (nothing poisoned, no fake stack, no ASan report), so the program prints
 * what its native build prints. __lsan_do_recoverable_leak_check and
 * __lsan_do_leak_check run memlens's leak check with no block lost (the one
 * kept is exempt, the vector's held through a root region): they say
 * nothing (clean/lsan_*.c hold the LSan interface's meaning to account).
 * (__sanitizer_print_stack_trace
 * writes on stderr: bugs/leak_do_leak_check.c calls it.) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#include <sanitizer/lsan_interface.h>
#endif

static int wrong;

static void expect(const char *what, int ok)
{
	if (!ok) {
		printf("%s: not neutral\n", what);
		wrong++;
	}
}

/* A vector whose unused capacity is poisoned, as annotated containers do. */
struct vec {
	int *data;
	size_t len, cap;
};

static void vec_push(struct vec *v, int x)
{
	if (v->len == v->cap) {
		size_t cap = v->cap ? 2 * v->cap : 4;
		int *data = malloc(cap * sizeof *data);
		if (v->len)
			memcpy(data, v->data, v->len * sizeof *data);
		free(v->data);
#if defined(__SANITIZE_ADDRESS__)
		__sanitizer_annotate_contiguous_container(data, data + cap, data + cap, data + v->len);
#endif
		v->data = data;
		v->cap = cap;
	}
#if defined(__SANITIZE_ADDRESS__)
	__sanitizer_annotate_contiguous_container(v->data, v->data + v->cap, v->data + v->len,
	                                          v->data + v->len + 1);
	expect("verify_contiguous_container",
	       __sanitizer_verify_contiguous_container(v->data, v->data + v->len + 1, v->data + v->cap) == 1);
	expect("contiguous_container_find_bad_address",
	       !__sanitizer_contiguous_container_find_bad_address(v->data, v->data + v->len + 1,
	                                                           v->data + v->cap));
#endif
	v->data[v->len++] = x;
}

/* Words read from any byte offset. */
static uint32_t load32(const unsigned char *p)
{
#if defined(__SANITIZE_ADDRESS__)
	return __sanitizer_unaligned_load32(p);
#else
	uint32_t v;
	memcpy(&v, p, sizeof v);
	return v;
#endif
}

static void unaligned(void)
{
	unsigned char buf[32] = {0};
	for (int i = 0; i < 32; i++)
		buf[i] = (unsigned char)(i * 7 + 1);
	uint64_t sum = 0;
	for (int i = 0; i + 4 <= 32; i += 3)
		sum += load32(buf + i);
#if defined(__SANITIZE_ADDRESS__)
	__sanitizer_unaligned_store16(buf + 1, (uint16_t)sum);
	__sanitizer_unaligned_store32(buf + 3, (uint32_t)sum);
	__sanitizer_unaligned_store64(buf + 9, sum);
	sum += __sanitizer_unaligned_load16(buf + 1) + __sanitizer_unaligned_load64(buf + 9);
#else
	uint16_t s16 = (uint16_t)sum;
	uint32_t s32 = (uint32_t)sum;
	memcpy(buf + 1, &s16, 2);
	memcpy(buf + 3, &s32, 4);
	memcpy(buf + 9, &sum, 8);
	sum += s16 + sum;
#endif
	printf("unaligned %llu %u\n", (unsigned long long)sum, (unsigned)buf[5]);
}

#if defined(__SANITIZE_ADDRESS__)
static void no_hook_called(void)
{
}

static void report_callback(const char *text)
{
	(void)text;
}

/* What a fiber switch and the queries of ASan's state answer. */
static void interface(void)
{
	char name[32] = "x", out[32] = "x", module[64] = "x";
	void *save = &save, *region = &region, *trace[4], *pc_offset = NULL, *beg = NULL, *end = NULL;
	const void *bottom_old = &bottom_old;
	size_t size_old = 1, region_size = 1, scale = 1, offset = 1;
	int tid = 0, local = 0;

	__sanitizer_start_switch_fiber(&save, name, sizeof name);
	expect("start_switch_fiber", save == NULL);
	__sanitizer_finish_switch_fiber(save, &bottom_old, &size_old);
	expect("finish_switch_fiber", bottom_old == NULL && size_old == 0);
	expect("get_current_fake_stack", __asan_get_current_fake_stack() == NULL);
	expect("addr_is_in_fake_stack", !__asan_addr_is_in_fake_stack(NULL, &local, &beg, &end));

	__sanitizer_set_report_path(NULL);
	__sanitizer_set_report_fd((void *)(intptr_t)2);
	expect("get_report_path", __sanitizer_get_report_path() == NULL);
	__sanitizer_sandbox_on_notify(NULL);
	__sanitizer_report_error_summary("");
	expect("acquire_crash_state", __sanitizer_acquire_crash_state() == 1);
	expect("acquire_crash_state again", __sanitizer_acquire_crash_state() == 0);
	__sanitizer_symbolize_pc(NULL, "%p", out, sizeof out);
	expect("symbolize_pc", out[0] == 0);
	out[0] = 'x';
	__sanitizer_symbolize_global(&wrong, "%g", out, sizeof out);
	expect("symbolize_global", out[0] == 0);
	__sanitizer_set_death_callback(no_hook_called);
	__sanitizer_weak_hook_memcmp(NULL, "a", "a", 1, 0);
	__sanitizer_weak_hook_strncmp(NULL, "a", "a", 1, 0);
	__sanitizer_weak_hook_strncasecmp(NULL, "a", "A", 1, 0);
	__sanitizer_weak_hook_strcmp(NULL, "a", "a", 0);
	__sanitizer_weak_hook_strcasecmp(NULL, "a", "A", 0);
	__sanitizer_weak_hook_strstr(NULL, "ab", "b", NULL);
	__sanitizer_weak_hook_strcasestr(NULL, "ab", "B", NULL);
	__sanitizer_weak_hook_memmem(NULL, "ab", 2, "b", 1, NULL);
	__sanitizer_print_memory_profile(100, 10);
	expect("get_module_and_offset_for_pc",
	       __sanitizer_get_module_and_offset_for_pc(NULL, module, sizeof module, &pc_offset) == 0);

	expect("address_is_poisoned", !__asan_address_is_poisoned(&local));
	expect("region_is_poisoned", !__asan_region_is_poisoned(name, sizeof name));
	__asan_describe_address(&local);
	expect("report_present", !__asan_report_present());
	expect("get_report_pc", !__asan_get_report_pc() && !__asan_get_report_bp() && !__asan_get_report_sp());
	expect("get_report_address", !__asan_get_report_address());
	expect("get_report_access", !__asan_get_report_access_type() && !__asan_get_report_access_size());
	expect("get_report_description", !__asan_get_report_description());
	__asan_locate_address(&local, name, sizeof name, &region, &region_size);
	expect("locate_address", name[0] == 0 && region == NULL && region_size == 0);
	expect("get_alloc_stack", __asan_get_alloc_stack(&local, trace, 4, &tid) == 0);
	expect("get_free_stack", __asan_get_free_stack(&local, trace, 4, &tid) == 0);
	__asan_get_shadow_mapping(&scale, &offset);
	__asan_set_death_callback(no_hook_called);
	__asan_set_error_report_callback(report_callback);
	__asan_print_accumulated_stats();
	expect("update_allocation_context", __asan_update_allocation_context(&local) == 0);
	__asan_handle_no_return();

	expect("lsan_is_turned_off", !__lsan_is_turned_off());
	expect("lsan_do_recoverable_leak_check", !__lsan_do_recoverable_leak_check());
}
#endif

int main(void)
{
	struct vec v = {0};
#if defined(__SANITIZE_ADDRESS__)
	__lsan_disable();
#endif
	char *kept = malloc(16);
	strcpy(kept, "kept");
#if defined(__SANITIZE_ADDRESS__)
	__lsan_enable();
	__lsan_ignore_object(kept);
	__lsan_register_root_region(&v, sizeof v);
	interface();
#endif
	for (int i = 0; i < 10; i++)
		vec_push(&v, i * i);
	int total = 0;
	for (size_t i = 0; i < v.len; i++)
		total += v.data[i];
	printf("%zu %zu %d %s\n", v.len, v.cap, total, kept);
	unaligned();
#if defined(__SANITIZE_ADDRESS__)
	__lsan_unregister_root_region(&v, sizeof v);
#endif
	free(v.data);
	free(kept);
#if defined(__SANITIZE_ADDRESS__)
	__lsan_do_leak_check();
#endif
	printf("%d not neutral\n", wrong);
	return 0;
}
