/* The program's own cleanup attributes: they run when their block ends,
 * and not when a longjmp skips their frame (memlens must not make them
 * run), while the program's pointer locals are still tracked. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

static jmp_buf env;
static int cleanups;

static void note_end(int *v)
{
	cleanups++;
	printf("cleanup of %d\n", *v);
}

static void worker(int n)
{
	int guard __attribute__((cleanup(note_end))) = n;
	char *scratch = malloc(16);
	snprintf(scratch, 16, "job %d", n);
	puts(scratch);
	free(scratch);
	if (n == 2)
		longjmp(env, n);
}

int main(void)
{
	for (volatile int i = 1; i <= 3; i++) {
		if (setjmp(env) == 0)
			worker(i);
		else
			printf("jumped out of job %d\n", i);
	}
	printf("%d cleanups\n", cleanups);
	return 0;
}
