/* Words built by appending pieces in a loop, each copied with a length
 * known only when the program runs (hash.c's make_word: `memcpy(buf +
 * len, s, sl + 1)`): memlens makes such a short copy inline and calls the
 * runtime's memcpy only when a test fails. The last piece of a heap word,
 * of a stack word and of a global one lands one byte past its buffer; a
 * piece is copied from a freed block; a run of ints is copied past its
 * block. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char global_word[8];

/* the n pieces at srcs, of lens[k] characters each, one after the other */
static size_t append(char *word, const char *const *srcs, const size_t *lens, int n)
{
	size_t len = 0;
	for (int k = 0; k < n; k++) {
		memcpy(word + len, srcs[k], lens[k] + 1); // want HEAP-BUFFER-OVERFLOW STACK-BUFFER-OVERFLOW GLOBAL-BUFFER-OVERFLOW DANGLING-POINTER-DEREF
		len += lens[k];
	}
	return len;
}

/* "barbar", then "barbarka" and its NUL one byte past 8 */
static void fill(char *word)
{
	static const char *const pieces[] = {"bar", "bar", "ka"};
	static const size_t lens[] = {3, 3, 2};
	append(word, pieces, lens, 2);
	printf("%s\n", word);
	append(word, pieces, lens, 3);
}

static void copy_ints(int *d, const int *s, size_t n)
{
	for (size_t done = 0; done < n; done += 2)
		memcpy(d + done, s + done, (n - done < 2 ? n - done : 2) * sizeof *s); // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	char *heap_word = malloc(8), stack_word[8];
	if (heap_word == NULL)
		return 1;
	fill(heap_word);
	fill(stack_word);
	fill(global_word);

	char *freed = malloc(3);
	if (freed == NULL)
		return 1;
	memcpy(freed, "zo", 3);
	free(freed);
	const char *from_freed[] = {freed};
	const size_t two[] = {2};
	append(heap_word, from_freed, two, 1);

	int from[3] = {1, 2, 3};
	int *to = malloc(2 * sizeof *to);
	if (to == NULL)
		return 1;
	copy_ints(to, from, 2);
	printf("%d %d\n", to[0], to[1]);
	copy_ints(to, from, 3);
	free(to);
	free(heap_word);
	return 0;
}
