/* memlens:exit 2
 *
 * Validates a batch of ISBN-10 numbers and returns 2 from main when some are
 * invalid, with diagnostics on stderr. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

static int isbn10_ok(const char *s, char *why, size_t n)
{
	int sum = 0, digits = 0;
	for (const char *p = s; *p != '\0'; p++) {
		if (*p == '-')
			continue;
		int v;
		if (isdigit((unsigned char)*p))
			v = *p - '0';
		else if ((*p == 'X' || *p == 'x') && digits == 9)
			v = 10;
		else {
			snprintf(why, n, "bad character '%c'", *p);
			return 0;
		}
		digits++;
		sum += v * (11 - digits);
	}
	if (digits != 10) {
		snprintf(why, n, "%d digits", digits);
		return 0;
	}
	if (sum % 11 != 0) {
		snprintf(why, n, "checksum %d", sum % 11);
		return 0;
	}
	return 1;
}

int main(void)
{
	const char *batch[] = {"0-306-40615-2", "0-19-853453-1", "0-306-40615-3", "123", "0-8044-2957-X", "0-8O44-2957-X"};
	int bad = 0;
	for (size_t i = 0; i < sizeof batch / sizeof batch[0]; i++) {
		char why[32] = "";
		if (isbn10_ok(batch[i], why, sizeof why)) {
			printf("%-14s ok\n", batch[i]);
		} else {
			printf("%-14s invalid\n", batch[i]);
			fprintf(stderr, "isbn: %s: %s\n", batch[i], why);
			bad++;
		}
	}
	printf("%d invalid\n", bad);
	return bad > 0 ? 2 : 0;
}
