/* longjmp out of frames whose locals had handed their blocks on (to a
 * global list, to the caller through an out parameter): nothing is lost,
 * and what the skipped frames held is freed after the jump. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct item {
	struct item *next;
	char *text;
};

static jmp_buf on_error;
static struct item *pending;
static char *last;

static void check(const struct item *it)
{
	if (strchr(it->text, '!'))
		longjmp(on_error, 2);
}

static void add(const char *s)
{
	struct item *it = malloc(sizeof *it);
	char *text = strdup(s);
	it->text = text;
	it->next = pending;
	pending = it;
	last = text;
	check(it);
}

static int load(const char *const *words, int n)
{
	for (int i = 0; i < n; i++) {
		struct item *probe = pending;
		char w[32];
		snprintf(w, sizeof w, "%s", words[i]);
		add(w);
		if (probe && probe->next == pending)
			return -1;
	}
	return n;
}

int main(void)
{
	const char *words[] = {"one", "two", "three!", "four"};
	volatile int loaded = 0;
	int rc = setjmp(on_error);
	if (rc == 0)
		loaded = load(words, 4);
	printf("rc %d loaded %d last %s\n", rc, loaded, last ? last : "-");
	while (pending) {
		struct item *next = pending->next;
		printf("%s\n", pending->text);
		free(pending->text);
		free(pending);
		pending = next;
	}
	return 0;
}
