/* A parser remembers its last result in a global for error messages; the
 * caller frees the result, and a later error message prints the global. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct token {
	char text[16];
	int line;
};

static struct token *last_token;

static struct token *next_token(const char *text, int line)
{
	struct token *t = malloc(sizeof *t); // want chain:DANGLING-POINTER-DEREF freechain:DANGLING-POINTER-DEREF origin:DANGLING-POINTER-DEREF
	if (t == NULL)
		exit(1);
	snprintf(t->text, sizeof t->text, "%s", text);
	t->line = line;
	last_token = t; // want chain:DANGLING-POINTER-DEREF
	return t; // want freechain:DANGLING-POINTER-DEREF
}

static void report_error(const char *what)
{
	const struct token *t = last_token; // want chain:DANGLING-POINTER-DEREF
	fprintf(stderr, "line %d: %s\n", t->line, what); // want DANGLING-POINTER-DEREF
}

int main(void)
{
	struct token *tok = next_token("while", 3); // want freechain:DANGLING-POINTER-DEREF
	printf("%s\n", tok->text);
	free(tok);
	report_error("unexpected end of input");
	return 0;
}
