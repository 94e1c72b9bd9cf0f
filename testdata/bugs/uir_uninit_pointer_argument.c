/* A pointer left unassigned on one path is handed to a printing helper,
 * directly and through a pointer to it; the helper's NULL test is the
 * first use that depends on it (full checking, with `data` as the
 * origin); printing through it uses the undefined value again (full
 * checking; Valgrind's "use of uninitialised value of size 8"), an access
 * through a pointer that belongs to no object in both modes (memlens gives
 * an uninitialised pointer local a garbage address of its own, the same at
 * every -O level). */
#include <stdio.h>

static void print_line(const char *line)
{
	if (line != NULL) // want full:UNINITIALIZED-READ
		printf("%s\n", line); // want full:UNINITIALIZED-READ INVALID-DEREF
}

static void print_through(char **slot)
{
	char *line = *slot;
	print_line(line);
}

int main(int argc, char **argv)
{
	char *data;
	char *kept;
	(void)argv;
	if (argc > 3) {
		data = "many arguments";
		kept = data;
	}
	print_line(data);
	print_through(&kept);
	return 0;
}
