/* A helper upper-cases its argument in place; one caller hands it a
 * literal directly. */
#include <ctype.h>
#include <stdio.h>

static void upcase(char *s)
{
	for (; *s; s++)
		*s = (char)toupper((unsigned char)*s); // want READ-ONLY-WRITE
}

int main(void)
{
	char word[] = "stack";
	upcase(word);
	puts(word);
	upcase("literal");
	return 0;
}
