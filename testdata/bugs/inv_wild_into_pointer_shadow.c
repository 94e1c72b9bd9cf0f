/* Links are stored mangled (XORed with a key, as glibc mangles its saved
 * pointers); one path unmangles a link that was stored plain. The node's
 * address XORed with the key lands where no object of the program is:
 * natively the store faults; under memlens it is in the pointer shadow
 * (2 MiB below the node's own shadow word), which the store must not
 * reach: it is reported, and the program dies of SIGSEGV as natively. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define LINK_KEY 0x500000000000UL

struct node {
	struct node *next;
	int value;
};

static struct node *unmangle(uintptr_t link)
{
	return (struct node *)(link ^ LINK_KEY);
}

int main(void)
{
	struct node *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	b->next = 0;
	b->value = 2;
	a->value = 1;
	a->next = b;                          /* stored plain, not mangled */
	uintptr_t link = (uintptr_t)a->next;  /* read back as a mangled link */
	struct node *n = unmangle(link);
	n->next = a; // want INVALID-DEREF
	int sum = 0;
	for (struct node *p = a; p; p = p->next)
		sum += p->value;
	printf("%d\n", sum);
	free(a);
	free(b);
	return 0;
}
