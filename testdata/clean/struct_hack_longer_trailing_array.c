/* The struct hack with a trailing array longer than one element (mawk's
 * STRING: `char str[2]`, allocated with the text's length added): gcc treats
 * every trailing array of an object reached through a pointer as flexible,
 * so indexing past its declared length inside the block is meant. Also a
 * trailing struct member holding such an array, and an array of such
 * records indexed through a pointer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	size_t len;
	unsigned ref_cnt;
	char str[2];
} STRING;

#define STRING_OH (sizeof(STRING) - 1)

struct header {
	int kind;
	short tail[4];
};

struct node {
	int id;
	struct header h;
};

static STRING *new_string(const char *s)
{
	size_t len = strlen(s);
	STRING *sval = malloc(len + STRING_OH);
	if (sval == NULL)
		abort();
	sval->len = len;
	sval->ref_cnt = 1;
	for (size_t i = 0; i < len; i++)
		sval->str[i] = s[i];
	sval->str[len] = 0;
	return sval;
}

/* (read at run time, so that gcc sees no constant index past the bound) */
static const char *volatile text = "a string longer than two bytes";

int main(int argc, char **argv)
{
	(void)argv;
	int k = argc + 2;
	STRING *a = new_string(text);
	a->str[a->len - 1] = '!';
	printf("%zu %s %c\n", a->len, a->str, (*a).str[k]);

	struct node *n = malloc(sizeof *n + 8 * sizeof(short));
	if (n == NULL)
		abort();
	for (int i = 0; i < 12; i++)
		n->h.tail[i] = (short)(i * i);
	printf("%d %d\n", n->h.tail[k + 2], (&n[0])->h.tail[k + 8]);

	STRING *b = malloc(2 * sizeof *b);
	if (b == NULL)
		abort();
	b[1].len = 0;
	b[1].str[0] = 'x';
	b[1].str[1] = 0;
	printf("%s\n", b[1].str);
	free(b);
	free(n);
	free(a);
	return 0;
}
