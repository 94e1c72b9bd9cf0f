/* Calls whose last argument is a null pointer cast to the parameters'
 * type, the sentinel gcc checks for a function declared sentinel (execl,
 * a program's own): the instrumented unit passes the constant itself, not
 * a temporary holding it, so gcc's -Wall finds the sentinel there too
 * ("missing sentinel in function call" before, in both modes for the
 * program's own function, with --memlens-full for execl). The value
 * passed was the same: the run never differed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

static char *join(const char *first, ...) __attribute__((sentinel));

#include <stdarg.h>
static char *join(const char *first, ...)
{
	va_list ap;
	size_t n = strlen(first) + 1;
	va_start(ap, first);
	for (const char *s; (s = va_arg(ap, const char *));)
		n += strlen(s);
	va_end(ap);
	char *r = malloc(n);
	strcpy(r, first);
	va_start(ap, first);
	for (const char *s; (s = va_arg(ap, const char *));)
		strcat(r, s);
	va_end(ap);
	return r;
}

int main(void)
{
	char *s = join("a", "b", "c", (char *)NULL);
	char *t = join("x", "y", (const char *)0);
	printf("%s %s\n", s, t);
	free(s);
	free(t);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		execl("/bin/echo", "echo", "child", (char *)NULL);
		_exit(127);
	}
	int st;
	waitpid(pid, &st, 0);
	return WEXITSTATUS(st);
}
