// memlens:options leak_check=exit
/* A program asking for the leak check before it ends, as tests under LSan
 * do with __lsan_do_leak_check (memlens defines __SANITIZE_ADDRESS__, as gcc
 * -fsanitize=address does): the lost block is reported then, and once, for
 * the check at exit is skipped, as under LSan. It prints its stack with
 * __sanitizer_print_stack_trace, which is no report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#include <sanitizer/lsan_interface.h>
#endif

/* (not inlined: its local dies with its frame, which the check does not scan) */
__attribute__((noinline)) static size_t measure(const char *s)
{
	char *copy = malloc(strlen(s) + 1); // want MEMORY-LEAK
	strcpy(copy, s);
	return strlen(copy);
}

int main(void)
{
	size_t n = measure("memlens");
#if defined(__SANITIZE_ADDRESS__)
	__sanitizer_print_stack_trace();
	__lsan_do_leak_check();
#endif
	printf("%zu\n", n);
	return 0;
}
