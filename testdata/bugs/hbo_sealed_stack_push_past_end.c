/* A VM's push without the overflow test: the fifth push writes past the
 * end of its four-slot stack. The stack pointer is a sealed member of the
 * machine state (internal/instrument sealed.go): its move skips the
 * shadow's hash test, not the bound test, which the write fails. */
#include <stdio.h>
#include <stdlib.h>

struct vm {
	long *stack, *sp;
	const int *pc;
	long steps;
};

__attribute__((noinline)) static void push(struct vm *vm, long v)
{
	*vm->sp++ = v; // want HEAP-BUFFER-OVERFLOW
}

int main(int argc, char **argv)
{
	static const int code[] = {1, 2, 3, 4, 5, 0};
	struct vm vm;
	(void)argc;
	(void)argv;
	vm.stack = malloc(4 * sizeof *vm.stack);
	if (vm.stack == NULL)
		return 1;
	vm.sp = vm.stack;
	vm.steps = 0;
	for (vm.pc = code; *vm.pc; vm.pc++, vm.steps++)
		push(&vm, *vm.pc);
	printf("%ld %ld\n", vm.steps, (long)(vm.sp - vm.stack));
	free(vm.stack);
	return 0;
}
