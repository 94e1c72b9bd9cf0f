/* A message whose text is set only for some kinds is passed by value; the
 * callee's NULL test of the text is the first use of the pointer its
 * caller never set (the parameter's bytes are a copy of the caller's,
 * definedness included), and the report names the caller's `m`. */
#include <stdio.h>

struct msg {
	const char *text;
	int len;
};

static void show(struct msg m)
{
	if (m.text == NULL) // want full:UNINITIALIZED-READ
		printf("(%d bytes, no text)\n", m.len);
	else
		printf("%d bytes\n", m.len);
}

int main(int argc, char **argv)
{
	struct msg m;
	(void)argv;
	m.len = 3;
	if (argc > 3)
		m.text = "abc";
	show(m);
	return 0;
}
