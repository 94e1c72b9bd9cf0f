/* asan.c: AddressSanitizer's region-poisoning interface, which programs call
 * when __SANITIZE_ADDRESS__ is defined.
 *
 * memlens defines that macro while preprocessing, as gcc does under
 * -fsanitize=address, because programs use it to leave out what a checker
 * reports or hides: word reads past a key's end (jansson's lookup3.h), their
 * own allocators, closing stderr at exit (gnulib's closeout.c), where the
 * leak report goes. The same code then marks the unused parts of its arenas
 * with ASAN_POISON_MEMORY_REGION (<sanitizer/asan_interface.h>), which calls
 * these functions. memlens checks each access against the block it was made
 * from, not against a byte map a program could mark, so poisoning does
 * nothing and no byte reads as poisoned. Weak: a program defining them keeps
 * its own.
 */
#include <stddef.h>

__attribute__((weak)) void __asan_poison_memory_region(void const volatile *addr, size_t size)
{
	(void)addr;
	(void)size;
}

__attribute__((weak)) void __asan_unpoison_memory_region(void const volatile *addr, size_t size)
{
	(void)addr;
	(void)size;
}

__attribute__((weak)) int __asan_address_is_poisoned(void const volatile *addr)
{
	(void)addr;
	return 0;
}

__attribute__((weak)) void *__asan_region_is_poisoned(void *beg, size_t size)
{
	(void)beg;
	(void)size;
	return NULL;
}
