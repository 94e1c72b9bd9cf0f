/* A map entry's key is replaced (old key freed) while an iterator still
 * holds the old key; comparing it with strcmp reads freed memory. Checked at
 * the call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pair {
	char *key;
	int value;
};

static char *xstrdup(const char *s)
{
	char *d = malloc(strlen(s) + 1);
	if (d == NULL)
		exit(1);
	return strcpy(d, s);
}

static void rename_key(struct pair *p, const char *key)
{
	free(p->key);
	p->key = xstrdup(key);
}

int main(void)
{
	struct pair pairs[2] = {{xstrdup("width"), 640}, {xstrdup("height"), 480}};
	const char *seen = pairs[0].key; /* remembered by an "iterator" */
	rename_key(&pairs[0], "w");
	int same = strcmp(seen, "width") == 0; // want DANGLING-POINTER-DEREF
	printf("iterator key still \"width\": %s\n", same ? "yes" : "no");
	printf("%s=%d %s=%d\n", pairs[0].key, pairs[0].value, pairs[1].key, pairs[1].value);
	free(pairs[0].key);
	free(pairs[1].key);
	return 0;
}
