/* GNU local labels (__label__) named as a label of the function around
 * them, as tinycc's tests write them: the front end took them for
 * redefinitions. Each block's gotos must reach its own label. */
#include <stdio.h>
#include <stdlib.h>

#define TRY_TWICE(counter)                        \
	({                                        \
		__label__ again;                  \
		int tries = 0;                    \
	again:                                    \
		if (++tries < 2) {                \
			(counter)++;              \
			goto again;               \
		}                                 \
		tries;                            \
	})

int main(void)
{
	int *count = calloc(1, sizeof *count);
	int again = 0, steps = 0;
	void *where;
	if (!count)
		return 1;
	goto again;
again:
	steps++;
	where = ({ __label__ here; here: (void *)&&here; });
	again += TRY_TWICE(*count) + TRY_TWICE(*count);
	if (steps < 3)
		goto again;
	printf("%d %d %d %d\n", steps, again, *count, where != NULL);
	free(count);
	return 0;
}
