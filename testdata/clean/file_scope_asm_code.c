/* Functions written in file-scope assembly, as tcc's tests have them: an
 * asm before the unit's first definition runs in the text section the
 * native build starts in, also when gcc emits the unit in order (-O0);
 * a later one names its section itself. */
#include <stdio.h>

extern int answer(void);
extern int add_one(int);

__asm__(
	".globl answer\n"
	"answer:\n"
	"\tmovl $42, %eax\n"
	"\tret\n");

static const char greeting[] = "file-scope asm";

__asm__(
	".text\n"
	".globl add_one\n"
	"add_one:\n"
	"\tleal 1(%rdi), %eax\n"
	"\tret\n");

int main(void)
{
	printf("%s: %d %d\n", greeting, answer(), add_one(41));
	return 0;
}
