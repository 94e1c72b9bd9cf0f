/* strerror and strsignal of a number glibc does not know format their text
 * into a buffer glibc allocates, keeps in the thread's descriptor, replaces
 * at the next call and frees when the thread ends: glibc's, not a leak
 * (gnulib's test-strerror_r, m4's test suite). */
#include <stdio.h>
#include <string.h>

int main(void)
{
	const char *unknown_error = strerror(1729576);
	printf("%s\n", unknown_error);
	const char *unknown_signal = strsignal(1729);
	printf("%s\n", unknown_signal);
	return 0;
}
