/* memcmp reaching an unset byte before any difference: the result depends
 * on it, so it is still a use of an uninitialized value. */
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *word = malloc(8);
	int same;
	if (!word)
		return 1;
	memcpy(word, "ab", 2); /* word[2] never written */
	same = memcmp(word, "abc", 3) == 0; // want full:UNINITIALIZED-READ
	free(word);
	return same;
}
