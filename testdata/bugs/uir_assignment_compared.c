/* An assignment whose value is compared, or is an operand of && or ||,
 * uses the value it stored, as its variable read there would: a value
 * never set is reported there, as Valgrind reports the branch on it. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	(void)argv;
	int unset, x, y = 0;
	if (argc > 5)
		unset = 1;
	if ((x = unset) != 0) // want UNINITIALIZED-READ
		puts("nonzero");
	if (argc && (y = unset)) // want UNINITIALIZED-READ
		puts("both");
	char *text = malloc(4), c;
	if (!text)
		return 1;
	text[0] = 'a';
	int n = 0;
	for (const char *p = text; (c = *p++) != 0;) // want UNINITIALIZED-READ
		n++;
	printf("%d\n", n);
	free(text);
	return 0;
}
