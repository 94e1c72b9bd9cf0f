/* A case block formats into its own buffer and leaves a pointer to it for
 * the code after the switch. */
#include <stdio.h>

static void show(int kind)
{
	const char *text = "none";
	switch (kind) {
	case 1: {
		char buf[24];
		snprintf(buf, sizeof buf, "kind one (%d)", kind);
		text = buf;
		break;
	}
	default:
		break;
	}
	puts(text); // want USE-AFTER-SCOPE
}

int main(void)
{
	show(0);
	show(1);
	return 0;
}
