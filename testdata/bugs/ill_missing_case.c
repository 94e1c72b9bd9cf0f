/* Every opcode is meant to be handled; one the table forgot falls to a
 * __builtin_trap() the author thought unreachable. */
#include <stdio.h>

enum op { ADD, SUB, MUL, DIV };

static int apply(enum op o, int a, int b)
{
	switch (o) {
	case ADD:
		return a + b;
	case SUB:
		return a - b;
	case MUL:
		return a * b;
	default:
		break;
	}
	__builtin_trap(); // want ILLEGAL-INSTRUCTION
}

int main(void)
{
	enum op prog[] = {ADD, MUL, SUB, DIV};
	int acc = 7;
	for (unsigned i = 0; i < sizeof prog / sizeof prog[0]; i++) {
		acc = apply(prog[i], acc, 3);
		printf("%d\n", acc);
	}
	return 0;
}
