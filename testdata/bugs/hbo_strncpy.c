/* strncpy pads the destination with NULs up to n: copying a short code with
 * the bound of the wider record field writes past the 6-byte block. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CODE_LEN 6   /* size of the code block */
#define FIELD_LEN 12 /* width of the field in the old record format */

struct item {
	char *code;
	int qty;
};

static void set_code(struct item *it, const char *code, size_t field)
{
	strncpy(it->code, code, field); // want HEAP-BUFFER-OVERFLOW
	it->code[CODE_LEN - 1] = '\0';
}

int main(void)
{
	struct item it = {malloc(CODE_LEN), 3};
	if (it.code == NULL)
		return 1;
	set_code(&it, "AB12", FIELD_LEN);
	printf("%s x%d\n", it.code, it.qty);
	free(it.code);
	return 0;
}
