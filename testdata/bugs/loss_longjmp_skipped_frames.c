/* A reader longjmps out of two levels of parsing on bad input: the line
 * buffer, held by a local of each frame the longjmp skips, leaves scope
 * with them. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jmp_buf on_error;

static char *skip_blanks(char *s)
{
	while (*s == ' ')
		s++;
	return s;
}

static int parse_field(char *line)
{
	char *field = skip_blanks(line);
	if (field[0] == '!')
		longjmp(on_error, 1); // want full:MEMORY-LEAK
	return (int)strcspn(field, ",");
}

static int parse_line(const char *text)
{
	char *line = strdup(text); // want alloc:MEMORY-LEAK
	if (line == NULL)
		return 0;
	int n = parse_field(line);
	free(line);
	return n;
}

int main(void)
{
	const char *lines[] = {"ab", "cde", "!bad", "f"};
	int total = 0;
	if (setjmp(on_error) == 0) {
		for (int i = 0; i < 4; i++)
			total += parse_line(lines[i]);
	} else {
		puts("bad input");
	}
	printf("%d\n", total);
	return 0;
}
