/* A vfork child runs in its parent's memory until it execs or exits (dash
 * runs its exec path there): its instrumented calls wrote memlens's
 * per-thread state, which the parent then read as its own. The parent's
 * next call took the metas the child left (dash's `jp` named the string
 * literal "/bin/sh": false GLOBAL-BUFFER-OVERFLOWs at every use). memlens
 * runs vfork as fork, as Valgrind does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

struct job { int state; int nprocs; char name[16]; };

static const char *shell = "/bin/true";

static void try_exec(const char *path, char **argv)
{
	execv(path, argv);
}

static struct job *start(struct job *j, const char *name)
{
	char *argv[] = { (char *)name, NULL };
	pid_t pid = vfork();
	if (pid == 0) {
		try_exec(shell, argv);
		_exit(127);
	}
	strncpy(j->name, name, sizeof j->name - 1);
	j->nprocs++;
	waitpid(pid, &j->state, 0);
	return j;
}

static int status(const struct job *j)
{
	return WEXITSTATUS(j->state) + j->nprocs;
}

int main(void)
{
	struct job *j = calloc(1, sizeof *j);
	if (!j)
		return 1;
	for (int i = 0; i < 3; i++)
		printf("%s %d\n", start(j, "child")->name, status(j));
	free(j);
	return 0;
}
