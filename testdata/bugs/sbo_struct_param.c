/* A struct passed by value is the callee's own object: copying a long
 * name into its member runs past the whole parameter. */
#include <stdio.h>
#include <string.h>

struct user {
	char name[8];
	int id;
};

static void greet(struct user u, const char *full)
{
	strcpy(u.name, full); // want STACK-BUFFER-OVERFLOW
	printf("hello %d\n", u.id);
}

int main(void)
{
	struct user u = {"bob", 1};
	greet(u, "bob");
	greet(u, "bartholomew-the-third");
	return 0;
}
