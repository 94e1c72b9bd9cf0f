/* init_config points a field of the caller's struct at its own local
 * array; the caller reads the name through the field later. */
#include <stdio.h>
#include <string.h>

struct config {
	const char *name;
	int level;
};

static void init_config(struct config *c, int level)
{
	char name[16];
	strcpy(name, "default");
	c->name = name;
	c->level = level;
}

int main(void)
{
	struct config c;
	init_config(&c, 3);
	char first = c.name[0]; // want USE-AFTER-RETURN
	printf("%c %d\n", first, c.level);
	return 0;
}
