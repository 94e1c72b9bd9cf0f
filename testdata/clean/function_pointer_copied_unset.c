/* Function pointers never set, copied and handed on but never called,
 * decide nothing (Valgrind's rule): a struct of callbacks copied member by
 * member, an unset handler passed to a function that keeps it only when
 * asked (jq 1.6's jq_init leaves nomem_handler unset and hands it to
 * jv_nomem_handler), and one compared only once set. */
#include <stdio.h>
#include <stdlib.h>

struct callbacks {
	void (*on_open)(const char *);
	void (*on_close)(const char *);
	int flags;
};

static void (*kept)(const char *);

static void say(const char *s) { printf("open %s\n", s); }

static void keep(void (*h)(const char *), int wanted)
{
	if (wanted)
		kept = h;
}

static void copy_callbacks(struct callbacks *to, const struct callbacks *from)
{
	to->on_open = from->on_open;
	to->on_close = from->on_close;
	to->flags = from->flags;
}

int main(int argc, char **argv)
{
	struct callbacks *user = malloc(sizeof *user), *mine = malloc(sizeof *mine);
	void (*h)(const char *);
	(void)argv;
	user->on_open = say;
	user->flags = 1;
	copy_callbacks(mine, user);
	keep(mine->on_close, 0);
	keep(mine->on_open, 1);
	if (argc > 0)
		h = mine->on_open;
	if (h == say)
		kept("file");
	free(user);
	free(mine);
	return 0;
}
