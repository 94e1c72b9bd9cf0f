/* A tokenizer computes a pointer to the end of its buffer one element
 * too far and writes the terminator there. The chain shows the pointer
 * arithmetic that made the bad pointer and where its base came from. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct buffer {
	char *start;
	size_t len;
};

static void buffer_init(struct buffer *b, const char *text)
{
	b->len = strlen(text);
	b->start = malloc(b->len + 1); // want chain:HEAP-BUFFER-OVERFLOW origin:HEAP-BUFFER-OVERFLOW
	if (b->start == NULL)
		exit(1);
	memcpy(b->start, text, b->len);
}

static void terminate(struct buffer *b)
{
	char *base = b->start; // want chain:HEAP-BUFFER-OVERFLOW
	char *end = base + b->len + 1; /* one past the terminator's place */ // want chain:HEAP-BUFFER-OVERFLOW
	*end = '\0'; // want HEAP-BUFFER-OVERFLOW
}

int main(void)
{
	struct buffer b;
	buffer_init(&b, "tokens");
	terminate(&b);
	b.start[b.len] = '\0';
	printf("%s\n", b.start);
	free(b.start);
	return 0;
}
