/* A fork: the child's allocations and stores do not reach the parent's
 * trace, which holds the parent's two cells only. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

struct cell {
	struct cell *next;
};

int main(void)
{
	struct cell *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	a->next = b;
	b->next = NULL;
	pid_t pid = fork();
	if (pid == 0) {
		struct cell *c = malloc(sizeof *c);
		c->next = a;
		b->next = c;
		free(c);
		exit(0); /* (its exit writes no end record into the parent's trace) */
	}
	waitpid(pid, NULL, 0);
	b->next = a; /* a cycle of the parent's two cells */
	b->next = NULL;
	free(a);
	free(b);
	printf("done\n");
	return 0;
}
