/* mbstowcs's n counts wide characters: given the byte size of a local
 * array, a long argument is converted past its 8 elements. Where show's
 * frame is tight (gcc -O1 natively), the last wide characters overwrite its
 * return address and the return then faults, natively too: memlens goes on
 * after its report and reports that return as well. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

static void show(const char *s)
{
	wchar_t w[8];
	size_t n = mbstowcs(w, s, sizeof w); // want STACK-BUFFER-OVERFLOW
	printf("%zu %lc\n", n, (wint_t)w[0]);
}

int main(void)
{
	show("short");
	show("much-longer"); // want after:INVALID-DEREF
	return 0;
}
