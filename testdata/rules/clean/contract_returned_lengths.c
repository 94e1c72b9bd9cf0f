/* memlens:rules returned_length.rules
 *
 * The reader of rules/bugs/contract_returned_length, returning the bytes
 * it stored: every count fits the buffer. */
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
	return n;
}

int main(void)
{
	char *buf = malloc(12);
	size_t total = 0;
	for (int i = 0; i < 3; i++) {
		size_t n = read_record(buf, 12, i);
		printf("%s (%zu)\n", buf, n);
		total += n;
	}
	printf("%zu bytes\n", total);
	free(buf);
	return 0;
}
