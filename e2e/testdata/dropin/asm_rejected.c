/* gcc compiles this file, and its assembler rejects it: the .symver names
 * a default version of a symbol the file does not define. memlens cc fails
 * as gcc does, with the assembler's messages and no internal error. */
#include <stdio.h>

__asm__(".symver missing_impl, api@@V1");

int main(void) {
    puts("unreachable");
    return 0;
}
