/* A document and its undo snapshot share a buffer after an "optimisation";
 * each frees it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct doc {
	char *text;
	size_t len;
};

int main(void)
{
	struct doc d;
	d.len = 5;
	d.text = malloc(d.len + 1);
	if (d.text == NULL)
		return 1;
	memcpy(d.text, "hello", d.len + 1);
	char *undo = d.text; /* should have been a copy */
	printf("doc: %s, undo: %s\n", d.text, undo);
	free(d.text);
	d.text = NULL;
	free(undo); // want DOUBLE-FREE
	printf("closed\n");
	return 0;
}
