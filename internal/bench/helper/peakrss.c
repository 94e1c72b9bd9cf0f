/* peakrss: runs a command and writes its peak resident set (KiB) to the
 * file named first. A process Go starts inherits, in its ru_maxrss, the
 * resident set of the Go process it was vforked from; a child of this
 * small program starts from this program's instead. Exits as the command
 * did (re-raising its signal). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: peakrss FILE COMMAND [ARG...]\n");
		return 125;
	}
	pid_t pid = fork();
	if (pid < 0) {
		perror("peakrss: fork");
		return 125;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		perror("peakrss: exec");
		_exit(127);
	}
	int status;
	struct rusage ru;
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("peakrss: wait4");
		return 125;
	}
	FILE *f = fopen(argv[1], "w");
	if (!f || fprintf(f, "%ld\n", ru.ru_maxrss) < 0 || fclose(f) != 0) {
		perror(argv[1]);
		return 125;
	}
	if (WIFSIGNALED(status)) {
		signal(WTERMSIG(status), SIG_DFL);
		raise(WTERMSIG(status));
	}
	return WEXITSTATUS(status);
}
