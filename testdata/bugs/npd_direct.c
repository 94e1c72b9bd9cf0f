/* An optional out-parameter is written without checking it: the second
 * caller passes NULL because it does not need the count. */
#include <stdio.h>

static int count_vowels(const char *s, int *count)
{
	int n = 0;
	for (; *s != '\0'; s++)
		switch (*s) {
		case 'a': case 'e': case 'i': case 'o': case 'u':
			n++;
			break;
		default:
			break;
		}
	*count = n; // want NULL-POINTER-DEREF
	return n > 0;
}

int main(void)
{
	int n;
	if (count_vowels("memory safety", &n))
		printf("%d vowels\n", n);
	printf("has vowels: %d\n", count_vowels("rhythm", NULL));
	return 0;
}
