/* Memory reused at the same addresses: in round 1 instrumented code stores
 * text into slots[0]; text and slots are freed; in round 2 malloc hands back
 * the same addresses, and strtol (libc, which memlens does not see) stores
 * the very same pointer value into slots[0] (it parses nothing, so its end
 * pointer is its start). The shadow of slots[0] still describes round 1's
 * store: memlens must not take it for round 2's pointer (the old block is
 * freed; that would be a false dangling-pointer report). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	long total = 0;
	for (int round = 0; round < 3; round++) {
		char **slots = malloc(4 * sizeof *slots);
		char *text = malloc(16);
		if (slots == NULL || text == NULL)
			return 1;
		strcpy(text, round == 0 ? "12 apples" : "no digits");
		if (round == 0)
			slots[0] = text; /* an instrumented store */
		else
			total += strtol(text, &slots[0], 10); /* libc stores text */
		printf("round %d: %s (%s)\n", round, slots[0], slots[0] == text ? "same" : "other");
		free(text);
		free(slots);
	}
	printf("total %ld\n", total);
	return 0;
}
