/* A label buffer sized for short ids: sprintf writes a longer label than the
 * 12-byte block holds. */
#include <stdio.h>
#include <stdlib.h>

static char *make_label(int id, const char *tag)
{
	char *label = malloc(12);
	if (label == NULL)
		exit(1);
	sprintf(label, "item-%d-%s", id, tag); // want HEAP-BUFFER-OVERFLOW
	return label;
}

int main(void)
{
	int ids[] = {7, 123456};
	for (int i = 0; i < 2; i++) {
		char *l = make_label(ids[i], i == 0 ? "a" : "blue");
		printf("label %d: %.11s\n", i, l);
		free(l);
	}
	return 0;
}
