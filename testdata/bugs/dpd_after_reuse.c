/* The freed block's memory is handed out again by the next malloc of the
 * same size; writing through the old pointer silently corrupts the new
 * object. memlens still recognises the old pointer as dangling. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct msg {
	int id;
	char text[28];
};

int main(void)
{
	struct msg *old = malloc(sizeof *old);
	if (old == NULL)
		return 1;
	old->id = 1;
	strcpy(old->text, "first message");
	printf("%d: %s\n", old->id, old->text);
	free(old);

	struct msg *cur = malloc(sizeof *cur);
	if (cur == NULL)
		return 1;
	cur->id = 2;
	strcpy(cur->text, "second message");

	old->id = 99; // want DANGLING-POINTER-DEREF
	printf("%d: %s\n", cur->id, cur->text);
	free(cur);
	return 0;
}
