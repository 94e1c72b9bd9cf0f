/* Inserting at the front of a full local array shifts every element one
 * to the right: the last one moves past the end. */
#include <stdio.h>
#include <wchar.h>

int main(void)
{
	wchar_t q[6] = L"bcdef";
	size_t len = 6; /* counts the terminator: the array is full */
	wmemmove(q + 1, q, len); // want STACK-BUFFER-OVERFLOW
	q[0] = L'a';
	printf("%lc%lc\n", (wint_t)q[0], (wint_t)q[1]);
	return 0;
}
