/* Files: text written with fprintf and read back with fgets and fscanf,
 * binary records with fwrite/fread/fseek/ftell, and errno with strerror
 * and perror (on stderr) for a file that does not exist. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct rec {
	int id;
	double score;
	char name[8];
};

int main(void)
{
	char path[] = "/tmp/memlens-io-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0) {
		perror("mkstemp");
		return 1;
	}
	close(fd);

	FILE *f = fopen(path, "w");
	if (f == NULL)
		return 1;
	for (int i = 1; i <= 5; i++)
		fprintf(f, "%d %s %.2f\n", i, i % 2 ? "odd" : "even", i * 1.25);
	fclose(f);

	f = fopen(path, "r");
	if (f == NULL)
		return 1;
	char line[64];
	int lines = 0;
	while (fgets(line, sizeof line, f) != NULL)
		lines++;
	rewind(f);
	int id;
	char kind[8];
	double val, sum = 0;
	while (fscanf(f, "%d %7s %lf", &id, kind, &val) == 3)
		sum += val;
	printf("%d lines, last %d %s, sum %.2f\n", lines, id, kind, sum);
	fclose(f);

	f = fopen(path, "w+b");
	if (f == NULL)
		return 1;
	struct rec recs[4];
	for (int i = 0; i < 4; i++) {
		memset(&recs[i], 0, sizeof recs[i]);
		recs[i].id = 100 + i;
		recs[i].score = i * 2.5;
		snprintf(recs[i].name, sizeof recs[i].name, "r%d", i);
	}
	size_t w = fwrite(recs, sizeof recs[0], 4, f);
	long size = ftell(f);
	fseek(f, (long)(2 * sizeof(struct rec)), SEEK_SET);
	struct rec *back = malloc(2 * sizeof *back);
	if (back == NULL)
		return 1;
	size_t r = fread(back, sizeof *back, 2, f);
	printf("wrote %zu records (%ld bytes), read %zu from the middle: %s/%d/%.1f %s/%d/%.1f\n",
	       w, size, r, back[0].name, back[0].id, back[0].score, back[1].name, back[1].id, back[1].score);
	free(back);
	fclose(f);
	if (remove(path) != 0)
		perror("remove");

	errno = 0;
	FILE *missing = fopen("/nonexistent/memlens/file", "r");
	if (missing == NULL) {
		int e = errno;
		printf("fopen failed: %s (ENOENT: %d)\n", strerror(e), e == ENOENT);
		perror("fopen /nonexistent/memlens/file");
	}
	fprintf(stderr, "done with %d files\n", 3);
	return 0;
}
