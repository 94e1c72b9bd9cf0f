/* A string builder hands out a pointer to its buffer, then grows the
 * buffer: realloc moves it, and the pointer handed out dangles. The chain
 * of the pointer realloc was given shows how the old buffer got there. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct builder {
	char *data;
	size_t len, cap;
};

static int builder_init(struct builder *b)
{
	b->cap = 8;
	b->len = 0;
	b->data = malloc(b->cap); // want chain:DANGLING-POINTER-DEREF freechain:DANGLING-POINTER-DEREF origin:DANGLING-POINTER-DEREF
	if (b->data == NULL)
		return -1;
	b->data[0] = '\0';
	return 0;
}

static int builder_append(struct builder *b, const char *s)
{
	size_t n = strlen(s);
	if (b->len + n + 1 > b->cap) {
		size_t cap = 2 * (b->len + n + 1);
		char *p = realloc(b->data, cap);
		if (p == NULL)
			return -1;
		b->data = p;
		b->cap = cap;
	}
	memcpy(b->data + b->len, s, n + 1);
	b->len += n;
	return 0;
}

int main(void)
{
	struct builder b;
	if (builder_init(&b) != 0)
		return 1;
	builder_append(&b, "user");
	const char *user = b.data; /* kept across the next append */ // want chain:DANGLING-POINTER-DEREF
	builder_append(&b, "@example.org");
	printf("user %c..., address %s\n", user[0], b.data); // want DANGLING-POINTER-DEREF
	free(b.data);
	return 0;
}
