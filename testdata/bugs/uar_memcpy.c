/* A lookup returns a pointer into a scratch table local to the function;
 * the caller memcpys from it after the return. */
#include <stdio.h>
#include <string.h>

struct entry {
	char key[8];
	int value;
};

static const struct entry *find(const char *key)
{
	struct entry table[3] = {{"one", 1}, {"two", 2}, {"three", 3}};
	const struct entry *hit = NULL;
	for (int i = 0; i < 3; i++)
		if (strcmp(table[i].key, key) == 0)
			hit = &table[i];
	return hit;
}

int main(void)
{
	struct entry copy;
	const struct entry *e = find("two");
	if (e)
		memcpy(&copy, e, sizeof copy); // want USE-AFTER-RETURN
	printf("%d\n", e ? copy.value : -1);
	return 0;
}
