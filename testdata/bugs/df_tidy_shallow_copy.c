/* Modelled on Tidy-34132 (paper 000, Fig. 3): a deep copy of an element's
 * attributes copies the php field shallowly; both copies are discarded
 * later, and the second discard frees php again. The chain of the pointer
 * that freed it first leads to the shallow copy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct attr {
	char *name;
	char *php;
	struct attr *next;
};

static void *mem_alloc(size_t n)
{
	void *p = malloc(n); // want origin:DOUBLE-FREE
	if (p == NULL)
		exit(1);
	return p; // want chain:DOUBLE-FREE freechain:DOUBLE-FREE
}

static struct attr *new_attr(const char *name, const char *php)
{
	struct attr *a = mem_alloc(sizeof *a);
	a->name = strdup(name);
	a->php = mem_alloc(strlen(php) + 1); // want chain:DOUBLE-FREE freechain:DOUBLE-FREE
	strcpy(a->php, php);
	a->next = NULL;
	return a;
}

static struct attr *dup_attrs(const struct attr *attrs)
{
	struct attr *newattrs = mem_alloc(sizeof *newattrs);
	newattrs->name = strdup(attrs->name);
	newattrs->php = attrs->php; /* missing: a copy of the php string */ // want freechain:DOUBLE-FREE
	newattrs->next = NULL;
	return newattrs;
}

static void free_attrs(struct attr *attrs)
{
	free(attrs->name);
	free(attrs->php); // want DOUBLE-FREE
	free(attrs);
}

int main(void)
{
	struct attr *font = new_attr("color", "<?php echo 1 ?>");
	struct attr *pushed = dup_attrs(font); /* PushInline */
	printf("%s=%s\n", pushed->name, pushed->php);
	free_attrs(pushed); /* PopInline */
	free_attrs(font);   /* DiscardElement */
	return 0;
}
