/* Adjacent string literals where a hex escape ends one and the next
 * starts with a hex digit (libyaml's test-reader: "\x04""8\x04""2"): the
 * escape ends with its literal, so "\x04""8" is two characters. The front
 * end joined the text first and read one, `\x048`: the arrays' types were
 * shorter, and the literals' objects held other bytes (libyaml's BOM test
 * failed instrumented). */
#include <stdio.h>
#include <string.h>

struct test_case {
	const char *title;
	const char *text;
	int length;
};

static struct test_case cases[] = {
	{"utf-16-le", "\xff\xfeH\x00i\x00\x1f\x04@\x04""8\x04""2\x04""5\x04""B\x04!", 18},
	{"one digit", "\xf" "F!", 2},
	{"octal", "\1" "2!", 2},
};
static char joined[] = "\x04""8" "\x41" "b";

int main(void)
{
	for (int i = 0; i < 3; i++) {
		const char *end = cases[i].text;
		while (*end != '!')
			end++;
		printf("%s: %d (want %d)\n", cases[i].title, (int)(end - cases[i].text), cases[i].length);
	}
	printf("joined: %zu bytes:", sizeof joined);
	for (size_t i = 0; i < sizeof joined; i++)
		printf(" %02x", (unsigned char)joined[i]);
	const char *local = "\x04""8\x04""2";
	printf("\nlocal: %zu, %zu\n", strlen(local), sizeof "\x04""8\x04""2");
	return 0;
}
