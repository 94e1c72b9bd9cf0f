/* swprintf's n counts wide characters: given the byte size of a local
 * buffer, it lets a long name run past its 16 elements. Where greet's
 * frame is tight (gcc -O1 natively), the last wide characters overwrite its
 * return address and the return then faults, natively too: memlens goes on
 * after its report and reports that return as well. */
#include <stdio.h>
#include <wchar.h>

static void greet(const wchar_t *name)
{
	wchar_t msg[16];
	int n = swprintf(msg, sizeof msg, L"Hello, %ls!", name); // want STACK-BUFFER-OVERFLOW
	printf("%d %lc\n", n, (wint_t)msg[0]);
}

int main(void)
{
	greet(L"Bob");
	greet(L"Bartholomew"); // want after:INVALID-DEREF
	return 0;
}
