/* Adjacent string literals inside an attribute or an asm label, as a
 * macro's string and a literal give them (`alias(PREFIX "name")`, gcc's
 * torture test pr44197): the front end reads them as one literal, which
 * must reach gcc once, not followed by the text's own literals again
 * (the alias named `countcount`, an undefined symbol). */
#include <stdio.h>

#define PREFIX ""

int count = 42;
extern int count_alias __attribute__((alias(PREFIX "count")));
extern int count_label __asm__(PREFIX "count");
static const char *greeting __attribute__((section(".data" ".greet"), used)) = "hi" " there";

int main(void)
{
	count_alias++;
	printf("%d %d %s\n", count, count_label, greeting);
	return 0;
}
