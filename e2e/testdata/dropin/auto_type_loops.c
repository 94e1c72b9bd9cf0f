/* GNU's __auto_type declaring a for loop's variable, which the front end
 * did not parse there: the variable's type as gcc infers it from the
 * initializer (arrays decayed, qualifiers dropped, char not promoted). */
#include <stdio.h>
#include <stdlib.h>

static const char word[] = "loop;(,)";

int main(int argc, char **argv)
{
	const int limit = 10;
	long sum = 0;
	int *heap = malloc(4 * sizeof *heap);
	for (__auto_type i = 0; i < limit; i++)
		sum += i;
	for (__auto_type p = word; *p; p++)
		sum += *p;
	for (__auto_type n = limit; n > 0; n--)
		sum += n;
	for (__auto_type c = (char)'a'; c < 'd'; c++)
		printf("%c%zu ", c, sizeof c);
	for (__auto_type q = heap; q < heap + 4; q++)
		*q = argc;
	for (__auto_type u = (unsigned long)(sizeof(word) + 1); u; u /= 4)
		sum += _Generic(u, unsigned long: 1, default: 100);
	for (__auto_type s = "a,b;"; *s;
	     s++)
		sum += *s == ',';
	printf("%ld %d %s\n", sum, heap[3], argv[0] ? "ok" : "none");
	free(heap);
	return 0;
}
