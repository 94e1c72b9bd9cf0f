/* memlens:rules returned_length.rules
 *
 * read_record(buf, cap) copies the next record into buf, truncated to
 * cap - 1 bytes, and should return the bytes stored; it returns the
 * record's whole length, as snprintf would. Nothing overflows yet (the
 * caller only prints the count), but a caller trusting the contract would
 * read past the buffer (RETURNED-LENGTH-FITS, where it returns). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *records[] = {"id=1", "name=a rather long name", "ok"};

static size_t read_record(char *buf, size_t cap, int i)
{
	size_t len = strlen(records[i]);
	size_t n = len < cap - 1 ? len : cap - 1;
	memcpy(buf, records[i], n);
	buf[n] = 0;
	return len;
}

int main(void)
{
	char *buf = malloc(12);
	size_t total = 0;
	for (int i = 0; i < 3; i++) {
		size_t n = read_record(buf, 12, i); // want RETURNED-LENGTH-FITS
		printf("%s (%zu)\n", buf, n);
		total += n;
	}
	printf("%zu bytes\n", total);
	free(buf);
	return 0;
}
