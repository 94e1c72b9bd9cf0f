/* Tables of string literals initialized statically, read in every way:
 * by index, through a pointer to the table, members of structs past
 * padding and designated elements, a slot the program overwrites with a
 * heap string and then with another literal, and a slot overwritten by
 * memcpy (libc-style, no store of the program's). The constructor wrote
 * the shadow of the initializers' pointers; none of this may report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct keyword {
	int id;
	const char *name;
	const char *alias;
};

static const struct keyword keywords[] = {
	{1, "if", "when"},
	{2, "else", NULL},
	[3] = {4, .alias = "loop", .name = "while"},
};
static const char *const digits[] = {"zero", "one", "two", "three"};
char *greeting = "hello";
static const char *mutable_names[] = {"red", "green", "blue"};

static size_t total(const char *const *names, int n)
{
	size_t sum = 0;
	for (int i = 0; i < n; i++)
		sum += strlen(names[i]);
	return sum;
}

int main(void)
{
	size_t sum = 0;
	for (int i = 0; i < 4; i++) {
		const struct keyword *k = &keywords[i];
		if (k->name)
			sum += strlen(k->name) * 10 + (unsigned char)k->name[0];
		if (k->alias)
			sum += strlen(k->alias) + (unsigned char)k->alias[strlen(k->alias) - 1];
	}
	sum += total(digits, 4) + (unsigned char)digits[3][4];
	printf("%s %zu\n", greeting, sum);

	greeting = malloc(6);
	memcpy(greeting, "world", 6);
	printf("%s %c\n", greeting, greeting[4]);
	free(greeting);
	greeting = "again";
	printf("%s\n", greeting);

	mutable_names[1] = strdup("violet");
	const char *blue = "azure";
	memcpy(&mutable_names[2], &blue, sizeof blue);
	printf("%s %s %s %zu\n", mutable_names[0], mutable_names[1], mutable_names[2], total(mutable_names, 3));
	free((char *)mutable_names[1]);
	return 0;
}
