/* A cursor already past its 16-byte buffer is saved in a heap struct and
 * in a global table, and read back in other functions: the pointer keeps
 * its block through memory, so both reads are overflows of that block. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cursor {
	char *pos;
	int line;
};

static struct cursor *saved;
char *marks[4];

__attribute__((noinline)) void save(char *p)
{
	saved = malloc(sizeof *saved);
	if (saved == NULL)
		exit(1);
	saved->pos = p;
	saved->line = 1;
	marks[2] = p;
}

__attribute__((noinline)) int peek_saved(void)
{
	return saved->pos[0]; // want HEAP-BUFFER-OVERFLOW
}

__attribute__((noinline)) int peek_mark(int i)
{
	return marks[i][1]; // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	char *buf = malloc(16);
	if (buf == NULL)
		return 1;
	memset(buf, 'a', 16);
	save(buf + 20);
	printf("%d\n", peek_saved() == 'a');
	printf("%d\n", peek_mark(2) == 'a');
	free(saved);
	free(buf);
	return 0;
}
