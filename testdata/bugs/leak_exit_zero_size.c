// memlens:options leak_check=exit
/* Blocks of no bytes are blocks: malloc(0) hands out a pointer of its own,
 * which the program must free. A list of records, each with a name and a
 * payload that may be empty (malloc(0)); the first record's name and
 * payload are replaced without freeing the old ones, and small blocks are
 * freed and made again between, so the leak check sees live, freed and
 * reused cells side by side. At exit the replaced empty payload and name
 * have no pointer left to them; everything else is reachable. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
	struct rec *next;
	char *name;
	void *payload;
	size_t len;
};

static struct rec *head;

static void *payload_of(size_t len)
{
	void *p = malloc(len); // want MEMORY-LEAK
	if (!p && len) {
		perror("malloc");
		exit(1);
	}
	memset(p, 'x', len);
	return p;
}

static char *name_of(int i)
{
	char *s = malloc(12); // want MEMORY-LEAK
	snprintf(s, 12, "rec-%d", i);
	return s;
}

int main(void)
{
	for (int i = 0; i < 7; i++) {
		struct rec *r = malloc(sizeof *r);
		r->len = (size_t)(i % 3);
		r->payload = payload_of(r->len);
		r->name = name_of(i);
		r->next = head;
		head = r;
		free(malloc(20)); /* a cell freed among the live ones */
	}
	head->payload = payload_of(0); /* the old one, of no bytes, is lost */
	head->name = name_of(99);      /* and so is the old name */
	size_t n = 0;
	for (struct rec *r = head; r; r = r->next)
		n += r->len + strlen(r->name);
	printf("%zu\n", n);
	return 0;
}
