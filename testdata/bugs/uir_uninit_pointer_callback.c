/* A label left unset when no option names one is handed to a formatter
 * called through a table of function pointers (its meta travels beside
 * the call, not as an extra parameter); the formatter's NULL test is the
 * first use that depends on it, and the report names `label`. */
#include <stdio.h>
#include <string.h>

typedef const char *(*formatter)(const char *);

static const char *presence(const char *label)
{
	if (label == NULL) // want full:UNINITIALIZED-READ
		return "no label";
	return "a label";
}

static const char *constant(const char *label)
{
	(void)label;
	return "labels ignored";
}

int main(int argc, char **argv)
{
	formatter table[2] = {presence, constant};
	const char *label;
	for (int i = 1; i + 1 < argc; i++)
		if (strcmp(argv[i], "-l") == 0)
			label = argv[i + 1];
	printf("%s\n", table[argc > 5](label));
	return 0;
}
