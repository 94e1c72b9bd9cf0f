/* Memory the program left undefined and freed, then handed out again by
 * libc for its own allocations (strdup, getline's buffer) holds what libc
 * wrote there: nothing is reported. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	int total = 0;
	for (int round = 0; round < 4; round++) {
		char *junk = malloc(64); /* never written */
		free(junk);
		char *copy = strdup("a string of about sixty bytes, long enough to reuse it....");
		for (size_t i = 0; copy[i]; i++)
			total += copy[i] == 'e';
		free(copy);
	}
	printf("%d\n", total);
	return 0;
}
