/* Locals assigned on every path that reaches their use, however the path
 * goes: switch with default, loops that run at least once, goto, a value
 * kept across setjmp/longjmp (volatile), VLAs and alloca'd buffers filled
 * before use, and a flag guarding a value. */
#include <alloca.h>
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;

static void bounce(int v)
{
	longjmp(env, v);
}

static int classify(int k)
{
	int r;
	switch (k % 3) {
	case 0:
		r = 10;
		break;
	case 1:
		r = 20;
		break;
	default:
		r = 30;
	}
	return r;
}

int main(int argc, char **argv)
{
	(void)argv;
	int last;
	int i = 0;
	do {
		last = i * 2;
		i++;
	} while (i < 3);
	printf("%d %d\n", last, classify(argc + 1));

	int g;
	if (argc > 100)
		goto skip;
	g = 5;
skip:
	if (argc <= 100)
		printf("%d\n", g);

	volatile int saved = 0;
	if (setjmp(env) == 0) {
		saved = 7;
		bounce(1);
	}
	printf("%d\n", saved);

	int n = argc + 3;
	int vla[n];
	for (int k = 0; k < n; k++)
		vla[k] = k;
	char *tmp = alloca(16);
	for (int k = 0; k < 16; k++)
		tmp[k] = (char)('a' + k);
	printf("%d %c\n", vla[n - 1], tmp[15]);

	int have = 0, value;
	for (int k = 0; k < 4; k++) {
		if (k == 2) {
			value = k * 100;
			have = 1;
		}
	}
	if (have)
		printf("%d\n", value);
	return 0;
}
