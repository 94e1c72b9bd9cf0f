/* A lookup hands back a pointer into a table through an out-parameter,
 * always the address of its caller's pointer local, which it only writes
 * (memlens's bare parameters: no meta, no check, the local never
 * registered); the caller then reads and writes through the pointer it
 * got, and the results must be the native build's. */
#include <stdio.h>
#include <stdlib.h>

struct entry {
	const char *key;
	long value;
};

static int find(struct entry *table, int n, const char *key, struct entry **out)
{
	for (int i = 0; i < n; i++)
		if (table[i].key[0] == key[0]) {
			*out = &table[i];
			return 1;
		}
	return 0;
}

int main(void)
{
	struct entry *table = malloc(3 * sizeof *table);
	struct entry *hit = NULL;
	if (table == NULL)
		return 1;
	table[0] = (struct entry){"alpha", 1};
	table[1] = (struct entry){"beta", 2};
	table[2] = (struct entry){"gamma", 3};
	if (find(table, 3, "b", &hit))
		hit->value += 40;
	if (find(table, 3, "g", &hit))
		hit->value *= 2;
	printf("%s %ld %ld %ld\n", hit->key, table[0].value, table[1].value, table[2].value);
	free(table);
	return 0;
}
