/* A one-entry lookup cache in a global keeps pointing at an entry after the
 * table that owns it has been destroyed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
	char key[16];
	int value;
};

static struct entry *table;
static int table_len;
static struct entry *last_hit; /* cache of the last successful lookup */

static void table_load(void)
{
	static const char *keys[] = {"red", "green", "blue"};
	table_len = 3;
	table = calloc((size_t)table_len, sizeof *table);
	if (table == NULL)
		exit(1);
	for (int i = 0; i < table_len; i++) {
		snprintf(table[i].key, sizeof table[i].key, "%s", keys[i]);
		table[i].value = (i + 1) * 85;
	}
}

static void table_destroy(void)
{
	free(table);
	table = NULL;
	table_len = 0; /* ... but last_hit is not reset */
}

static int lookup(const char *key)
{
	if (last_hit != NULL && strcmp(last_hit->key, key) == 0) // want DANGLING-POINTER-DEREF
		return last_hit->value;
	for (int i = 0; i < table_len; i++)
		if (strcmp(table[i].key, key) == 0) {
			last_hit = &table[i];
			return table[i].value;
		}
	return -1;
}

int main(void)
{
	table_load();
	printf("green = %d\n", lookup("green"));
	printf("green = %d (cached)\n", lookup("green"));
	table_destroy();
	table_load();
	printf("blue = %d\n", lookup("blue"));
	table_destroy();
	return 0;
}
