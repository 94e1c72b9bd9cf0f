/* strings.c: string building and tokenising.
 * Builds CSV-like text lines with snprintf into a growing buffer, appends
 * them to a document with memcpy/strcat, then tokenises the document with
 * strchr (lines) and strtok (fields), parsing numbers and rebuilding a
 * summary string; prints a checksum of everything parsed.
 * memlens:bench
 */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RNG_SEED 0xA0761D6478BD642FULL
#include "rng.h"

struct buf {
	char *data;
	size_t len;
	size_t cap;
};

static void buf_reserve(struct buf *b, size_t extra)
{
	if (b->len + extra + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 64;
		while (b->len + extra + 1 > cap)
			cap *= 2;
		b->data = realloc(b->data, cap);
		if (!b->data) {
			perror("realloc");
			exit(1);
		}
		b->cap = cap;
	}
}

static void buf_append(struct buf *b, const char *s, size_t n)
{
	buf_reserve(b, n);
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

static const char *const colors[] = { "red", "green", "blue", "amber", "violet", "teal" };
static const char *const cities[] = { "Oslo", "Lima", "Pune", "Kyiv", "Quito", "Perth", "Accra" };

/* Render one record into line (a malloc'd, growing buffer). */
static char *make_line(char *line, size_t *cap, long id)
{
	unsigned long long v = xorshift64();
	char field[48];
	int n;
	for (;;) {
		n = snprintf(line, *cap, "%ld,%s,%s,%llu,%.3f", id, colors[v % 6],
			     cities[(v >> 8) % 7], (v >> 16) % 100000ULL,
			     (double)((v >> 40) % 100000) / 1000.0);
		if (n >= 0 && (size_t)n < *cap)
			break;
		*cap = (size_t)n + 1;
		line = realloc(line, *cap);
		if (!line) {
			perror("realloc");
			exit(1);
		}
	}
	/* a variable number of extra tag fields, appended with strcat */
	for (n = (int)((v >> 50) % 5); n > 0; n--) {
		size_t need;
		snprintf(field, sizeof field, ",tag%d", (int)((v >> n) % 50));
		need = strlen(line) + strlen(field) + 1;
		if (need > *cap) {
			*cap = need * 2;
			line = realloc(line, *cap);
			if (!line) {
				perror("realloc");
				exit(1);
			}
		}
		strcat(line, field);
	}
	return line;
}

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 28;
	long lines_per_round = 20000;
	unsigned long long sum = 0;
	long r, i, nfields = 0, ntags = 0;
	size_t line_cap = 8;
	char *line = malloc(line_cap);
	if (!line) {
		perror("malloc");
		return 1;
	}

	for (r = 0; r < rounds; r++) {
		struct buf doc = { NULL, 0, 0 }, summary = { NULL, 0, 0 };
		char *p, *nl;
		for (i = 0; i < lines_per_round; i++) {
			line = make_line(line, &line_cap, r * lines_per_round + i);
			buf_append(&doc, line, strlen(line));
			buf_append(&doc, "\n", 1);
		}
		/* split into lines with strchr, fields with strtok */
		for (p = doc.data; *p; p = nl + 1) {
			char *tok, *copy;
			int field = 0;
			long id = 0;
			double amount = 0;
			char item[64];
			nl = strchr(p, '\n');
			if (!nl)
				break;
			*nl = '\0';
			copy = strdup(p);
			if (!copy) {
				perror("strdup");
				return 1;
			}
			for (tok = strtok(copy, ","); tok; tok = strtok(NULL, ","), field++) {
				nfields++;
				switch (field) {
				case 0:
					id = strtol(tok, NULL, 10);
					break;
				case 1:
				case 2:
					sum = sum * 131 + (unsigned char)tok[0] + strlen(tok);
					break;
				case 3:
					sum += strtoull(tok, NULL, 10);
					break;
				case 4:
					amount = strtod(tok, NULL);
					break;
				default:
					if (strncmp(tok, "tag", 3) == 0) {
						ntags++;
						sum ^= (unsigned long long)atoi(tok + 3) << (field * 3);
					}
				}
			}
			if (id % 50 == 0) {
				int n = snprintf(item, sizeof item, "[%ld:%.1f]", id, amount);
				buf_append(&summary, item, (size_t)n);
			}
			sum += (unsigned long long)(amount * 1000.0 + 0.5);
			free(copy);
		}
		for (i = 0; (size_t)i < summary.len; i++)
			sum = sum * 31 + (unsigned char)summary.data[i];
		free(doc.data);
		free(summary.data);
	}
	free(line);
	printf("strings: rounds=%ld fields=%ld tags=%ld checksum=%016llx\n", rounds, nfields, ntags, sum);
	return 0;
}
