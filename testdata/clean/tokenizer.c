/* String scanning: strtok and strtok_r (nested), strchr/strrchr, strstr,
 * strspn/strcspn, and strtol with end pointers and errno. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void parse_numbers(const char *text)
{
	const char *p = text;
	for (;;) {
		char *end;
		errno = 0;
		long v = strtol(p, &end, 0);
		if (end == p)
			break;
		if (errno == ERANGE)
			printf("  out of range (%s)\n", v == LONG_MAX ? "max" : "min");
		else
			printf("  %ld\n", v);
		p = end + strspn(end, " ,");
	}
	printf("  stopped at \"%s\"\n", p);
}

int main(void)
{
	char config[] = "host=example.org; port=8080;mode = fast ;empty=";
	char *save1;
	for (char *item = strtok_r(config, ";", &save1); item != NULL; item = strtok_r(NULL, ";", &save1)) {
		char *save2;
		char *key = strtok_r(item, "= ", &save2);
		char *val = strtok_r(NULL, "= ", &save2);
		printf("key %-5s val %s\n", key, val != NULL ? val : "(none)");
	}

	char path[] = "/usr/local/share/doc/memlens/README.md";
	char *base = strrchr(path, '/') + 1;
	char *ext = strchr(base, '.');
	int depth = 0;
	for (const char *s = path; (s = strchr(s, '/')) != NULL; s++)
		depth++;
	printf("base %s, ext %s, depth %d\n", base, ext, depth);
	size_t dirlen = (size_t)(base - path);
	printf("dir %.*s\n", (int)dirlen, path);

	const char *hay = "the cat sat on the mat with the hat";
	int count = 0;
	for (const char *s = hay; (s = strstr(s, "the")) != NULL; s++)
		count++;
	printf("\"the\" occurs %d times; first vowel at %zu\n", count, strcspn(hay, "aeiou"));

	char words[] = "alpha  beta,gamma,,delta";
	int n = 0;
	for (char *w = strtok(words, " ,"); w != NULL; w = strtok(NULL, " ,"))
		printf("word %d: %s\n", ++n, w);

	printf("numbers:\n");
	parse_numbers("12, -7, 0x1f, 077 99999999999999999999999 42 tail");
	return 0;
}
