/* A scratch buffer from alloca is one byte short for the terminator. */
#include <alloca.h>
#include <stdio.h>
#include <string.h>

static void shout(const char *word)
{
	size_t n = strlen(word);
	char *up = alloca(n);
	for (size_t i = 0; i < n; i++)
		up[i] = (char)(word[i] - 32);
	up[n] = '\0'; // want STACK-BUFFER-OVERFLOW
	fwrite(up, 1, n, stdout);
	putchar('\n');
}

int main(void)
{
	shout("hello");
	return 0;
}
