/* Empty declarations in struct and union bodies (a macro expanding to
 * nothing before its `;`, as in tinycc's tests): gcc -pedantic warns of
 * each; memlens's front end took them for members and printed a trace of
 * its own on stderr. */
#include <stdio.h>

#define OPTIONAL_FIELD

struct empty_first {
	/* nothing */ ;
	int x;
};

union packed_words {
	int word;
	OPTIONAL_FIELD;
	char bytes[4];;
};

int main(void)
{
	struct empty_first e = { 5 };
	union packed_words u = { 0x01020304 };
	printf("%d %zu %zu %d\n", e.x, sizeof e, sizeof u, u.bytes[0] + u.bytes[3]);
	return 0;
}
