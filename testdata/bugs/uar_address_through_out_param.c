/* A function hands back, through an out-parameter, the address of its own
 * local buffer; the caller reads it after the function returned. */
#include <stdio.h>
#include <string.h>

static void format_id(int id, const char **out)
{
	char buf[16];
	snprintf(buf, sizeof buf, "id-%d", id);
	*out = buf; /* the local dies with the frame */ // want chain:USE-AFTER-RETURN origin:USE-AFTER-RETURN
}

int main(void)
{
	const char *label = NULL;
	format_id(42, &label);
	const char *shown = label; // want chain:USE-AFTER-RETURN
	printf("%c\n", shown[0]); // want USE-AFTER-RETURN
	return 0;
}
