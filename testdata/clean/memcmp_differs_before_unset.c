/* memcmp's result depends on the bytes up to the first that differs only:
 * dash compares a word's bytes with a 5-byte marker, and the bytes of its
 * buffer past a short word were never written. With --memlens-full the
 * whole range was a use: a false UNINITIALIZED-READ (Valgrind checks the
 * bytes up to the difference). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *word = malloc(64);
	int same, less;
	if (!word)
		return 1;
	word[0] = '"';
	word[1] = 'x'; /* differs from the marker here; the rest is unset */
	same = memcmp(word, "\"$@\"=", 5) == 0;
	less = memcmp(word, "\"y...", 5) < 0;
	printf("%d %d\n", same, less);
	free(word);
	return 0;
}
