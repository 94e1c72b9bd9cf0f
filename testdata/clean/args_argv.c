/* memlens:args --sep=: 42 apple -7 Banana 3.5 cherry
 *
 * Processes command-line arguments: an option, numbers summed, words copied
 * into a heap array, sorted case-insensitively and joined. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int cmp_ci(const void *a, const void *b)
{
	return strcasecmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
	const char *sep = ",";
	double sum = 0;
	char **words = malloc((size_t)argc * sizeof *words);
	if (words == NULL)
		return 1;
	int nw = 0;
	printf("%d arguments\n", argc - 1);
	for (int i = 1; i < argc; i++) {
		char *end;
		if (strncmp(argv[i], "--sep=", 6) == 0) {
			sep = argv[i] + 6;
			continue;
		}
		double v = strtod(argv[i], &end);
		if (end != argv[i] && *end == '\0') {
			sum += v;
			continue;
		}
		words[nw] = strdup(argv[i]);
		if (words[nw] == NULL)
			return 1;
		nw++;
	}
	qsort(words, (size_t)nw, sizeof *words, cmp_ci);
	printf("sum %.2f\nwords", sum);
	for (int i = 0; i < nw; i++)
		printf("%s%s", i == 0 ? " " : sep, words[i]);
	printf("\nlast argv is %s, argv[argc] is %s\n", argv[argc - 1], argv[argc] == NULL ? "NULL" : "set");
	for (int i = 0; i < nw; i++)
		free(words[i]);
	free(words);
	return 0;
}
