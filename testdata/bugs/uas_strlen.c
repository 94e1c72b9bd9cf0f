/* strlen reads a name whose buffer belonged to a block that has ended. */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	const char *name;
	if (argc > 0) {
		char tmp[16];
		strncpy(tmp, "temporary", sizeof tmp);
		name = tmp;
	} else {
		name = "none";
	}
	printf("%zu\n", strlen(name)); // want USE-AFTER-SCOPE
	(void)argv;
	return 0;
}
