/* A ring of log records at a fixed address the program never mapped (its
 * setup was left out): the record's address made from the sequence number
 * points at nothing the program has. Natively the copy faults; under
 * memlens the address is in the depot of call stacks its reports print
 * (the leak report of `first` at exit would read the stack of its
 * allocation there), which the copy must not reach: it is reported, and
 * the program dies of SIGSEGV as natively. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LOG_RING 0x630100000000UL

static char *log_slot(unsigned seq)
{
	return (char *)(LOG_RING + (seq % 64) * 64);
}

int main(void)
{
	char *pending = malloc(32);
	strcpy(pending, "started");
	char *first = malloc(32);
	memcpy(first, pending, 32);
	for (unsigned seq = 0; seq < 3; seq++)
		memcpy(log_slot(seq), pending, 32); // want INVALID-DEREF
	puts(pending);
	free(pending);
	return 0; /* (first is never freed: the leak check would report it at exit) */
}
