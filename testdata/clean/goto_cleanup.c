/* goto-based error handling: each failure point jumps to the label that
 * releases what was acquired so far. The report is written to a temporary
 * file with fprintf, read back and removed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { FAIL_NONE, FAIL_NAMES, FAIL_SCORES, FAIL_FILE };

static int run(int fail_at, char *out, size_t outlen)
{
	int rc = -1;
	char **names = NULL;
	int *scores = NULL;
	FILE *f = NULL;
	char path[] = "/tmp/memlens-corpus-XXXXXX";
	int fd = -1;

	if (fail_at == FAIL_NAMES)
		goto out;
	names = calloc(3, sizeof *names);
	if (names == NULL)
		goto out;
	for (int i = 0; i < 3; i++) {
		names[i] = malloc(16);
		if (names[i] == NULL)
			goto free_names;
		snprintf(names[i], 16, "player%d", i + 1);
	}
	if (fail_at == FAIL_SCORES)
		goto free_names;
	scores = malloc(3 * sizeof *scores);
	if (scores == NULL)
		goto free_names;
	for (int i = 0; i < 3; i++)
		scores[i] = (i + 2) * 11;
	if (fail_at == FAIL_FILE)
		goto free_scores;
	fd = mkstemp(path);
	if (fd < 0)
		goto free_scores;
	f = fdopen(fd, "w+");
	if (f == NULL) {
		close(fd);
		goto unlink_file;
	}
	for (int i = 0; i < 3; i++)
		fprintf(f, "%s:%d\n", names[i], scores[i]);
	rewind(f);
	out[0] = '\0';
	char line[32];
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = ' ';
		strncat(out, line, outlen - strlen(out) - 1);
	}
	rc = 0;
	fclose(f);
unlink_file:
	unlink(path);
free_scores:
	free(scores);
free_names:
	for (int i = 0; i < 3; i++)
		free(names[i]);
	free(names);
out:
	return rc;
}

int main(void)
{
	static const char *what[] = {"none", "names", "scores", "file"};
	for (int fail = FAIL_NONE; fail <= FAIL_FILE; fail++) {
		char report[128] = "";
		int rc = run(fail, report, sizeof report);
		printf("fail at %-6s -> rc %2d \"%s\"\n", what[fail], rc, report);
	}
	return 0;
}
