/* memlens keeps a copy of stderr for its reports: close-on-exec, so a
 * program the instrumented one runs sees the same descriptors as under the
 * native build (ls lists its own, 0-2 and the directory it reads). */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		char *argv[] = {"ls", "/proc/self/fd", NULL};
		execv("/bin/ls", argv);
		_exit(127);
	}
	int status;
	if (waitpid(pid, &status, 0) != pid)
		return 2;
	printf("ls exited %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	return 0;
}
