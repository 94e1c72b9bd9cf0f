// memlens:options leak_check=exit
/* A parser allocates its output, then bails out on bad input without
 * freeing it. */
#include <stdio.h>
#include <stdlib.h>

static int parse_pair(const char *s, int *out)
{
	int *tmp = malloc(2 * sizeof *tmp); // want MEMORY-LEAK
	if (sscanf(s, "%d,%d", &tmp[0], &tmp[1]) != 2)
		return -1; /* tmp is lost here */
	out[0] = tmp[0];
	out[1] = tmp[1];
	free(tmp);
	return 0;
}

int main(void)
{
	int v[2] = {0, 0};
	int bad = parse_pair("7;8", v);
	int good = parse_pair("3,4", v);
	printf("%d %d %d %d\n", bad, good, v[0], v[1]);
	return 0;
}
