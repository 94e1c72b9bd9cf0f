/* A wire format with packed enumerations, the attribute written where GNU
 * code often puts it: between `enum` and the tag or body (cc/v4 parses it
 * only after the body). Each record is 4 bytes (a 1-byte kind, 3 payload
 * bytes; 8 and 7 if the packing were lost), so the in-bounds reads stay
 * in the 8-byte buffer and the last one reads the byte after it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum __attribute__((packed)) kind { PING = 1, DATA, CLOSE };

typedef enum __attribute__((__packed__))
{
	LOW,
	HIGH = 200,
} priority;

struct wire {
	enum kind kind;
	char payload[3];
};

struct flagged {
	priority prio;
	char tag[3];
};

int main(void)
{
	unsigned char *raw = malloc(8);
	if (!raw)
		return 1;
	memcpy(raw, "\002abc\310xyz", 8);
	struct wire *w = (struct wire *)raw;
	struct flagged *f = (struct flagged *)(raw + 4);
	printf("%zu %zu %d %c %d %c\n", sizeof *w, sizeof *f, w->kind, w->payload[2], f->prio, f->tag[2]);
	int sum = 0;
	for (int i = 0; i <= 3; i++)
		sum += f->tag[i]; // want HEAP-BUFFER-OVERFLOW
	free(raw);
	return sum & 0;
}
