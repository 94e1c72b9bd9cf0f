/* Functions every call of which assigns the block returned to a pointer
 * local hand their reference over to it: the block is lost where the
 * caller's local loses it, through a function returning another's result
 * and a function returning its parameter into the same local too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *make(char c)
{
	char *s = malloc(4); // want alloc:MEMORY-LEAK
	memset(s, c, 3);
	s[3] = '\0';
	return s;
}

static char *made_by(char c)
{
	return make(c);
}

static char *marked(char *s)
{
	char *copy = strdup(s);
	s[0] = (char)(copy[0] + 1);
	free(copy);
	return s;
}

int main(void)
{
	char *a = make('a');
	char *b;
	a = made_by('b'); // want full:MEMORY-LEAK
	b = marked(a);
	a = marked(a);
	printf("%s %s\n", a, b);
	b = NULL;
	a = NULL; // want full:MEMORY-LEAK
	printf("%d\n", b == a);
	return 0;
}
