/* A machine state restored from a snapshot by memcpy: the snapshot was
 * taken before the registers' block was replaced and freed, so the
 * restored m->regs dangles. The memcpy over the state writes its bytes
 * outside member stores, so its members are not sealed (internal/
 * instrument sealed.go) and the load takes the shadow's hash test. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct machine {
	long *regs;
	long pc;
};

__attribute__((noinline)) static long reg(struct machine *m, int i)
{
	return m->regs[i]; // want DANGLING-POINTER-DEREF
}

int main(void)
{
	struct machine m, saved;
	m.regs = calloc(8, sizeof *m.regs);
	if (m.regs == NULL)
		return 1;
	m.pc = 0;
	memcpy(&saved, &m, sizeof m);
	free(m.regs);
	m.regs = calloc(8, sizeof *m.regs);
	if (m.regs == NULL)
		return 1;
	m.regs[1] = 5;
	printf("%ld\n", reg(&m, 1));
	free(m.regs);
	memcpy(&m, &saved, sizeof m);
	printf("%ld\n", reg(&m, 1));
	return 0;
}
