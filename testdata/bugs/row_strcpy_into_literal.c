/* A default buffer is a literal of the right length; strcpy overwrites it
 * inside libc. */
#include <stdio.h>
#include <string.h>

struct field {
	char *text;
	int width;
};

int main(void)
{
	struct field f = {"........", 8};
	strcpy(f.text, "abc"); // want READ-ONLY-WRITE
	printf("%s %d\n", f.text, f.width);
	return 0;
}
