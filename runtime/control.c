/* control.c: detectors switched on and off while the program runs, and
 * stopping in a debugger at a bug (paper 000 §4.2).
 *
 * MEMLENS_OPTIONS=disable=KIND,KIND switches kinds off at start-up; a
 * debugger (or the program) calls memlens_enable("KIND", 0|1) to switch
 * one later. A kind is a rule's name: a built-in rule's, or one of the
 * program's own rules (memlens cc --memlens-rules). With break=1, each report ends in __memlens_break, which
 * executes a breakpoint instruction when a debugger is attached: the
 * debugger stops before the faulting access runs, a few frames below the
 * statement (memlens gdb selects that frame itself).
 */
#include "rules.h"

#include <fcntl.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* The kind named s[0..n) (case ignored): a built-in one, or a rule of the
 * program's (its rule set is linked in, so known from the start); -1 if
 * none; "all": ML_NKINDS. */
int ml_kind_named(const char *s, size_t n)
{
	if (n == 3 && strncasecmp(s, "all", 3) == 0)
		return ML_NKINDS;
	for (int k = 0; k < ML_NKINDS; k++)
		if (strlen(ml_kinds[k].name) == n && strncasecmp(ml_kinds[k].name, s, n) == 0)
			return k;
	const struct ml_ruleset *rs = ml_ruleset();
	for (unsigned i = 0; rs && i < rs->nkinds && ML_USER_KIND(i) < ML_KINDS_MAX; i++)
		if (strlen(rs->kinds[i]) == n && strncasecmp(rs->kinds[i], s, n) == 0)
			return (int)ML_USER_KIND(i);
	return -1;
}

/* Switch kind k (ML_NKINDS: all of them) on or off. */
static void ml_kind_set(int k, int on)
{
	int lo = k == ML_NKINDS ? 0 : k, hi = k == ML_NKINDS ? ML_KINDS_MAX : k + 1;
	for (int x = lo; x < hi; x++)
		ML_STORE(&ml_kind_enabled[x], (unsigned char)(on != 0));
	if (k == ML_MEMORY_LEAK || k == ML_NKINDS)
		ml_loss_refresh();
}

void ml_kinds_disable(const char *v, size_t n)
{
	for (size_t i = 0; i <= n;) {
		size_t j = i;
		while (j < n && v[j] != ',')
			j++;
		if (j > i) {
			int k = ml_kind_named(v + i, j - i);
			if (k < 0) {
				ml_printf("memlens: MEMLENS_OPTIONS: unknown kind '%.*s' in option 'disable' "
				          "(a kind as reports name it, e.g. DOUBLE-FREE, or all)\n",
				          (int)(j - i), v + i);
			} else {
				ml_kind_set(k, 0);
			}
		}
		i = j + 1;
	}
}

int memlens_enable(const char *kind, int on)
{
	int k = kind ? ml_kind_named(kind, strlen(kind)) : -1;
	if (k < 0) {
		ml_printf("memlens: memlens_enable: unknown kind '%s'\n", kind ? kind : "(null)");
		return -1;
	}
	int was = k == ML_NKINDS || ML_LOAD(&ml_kind_enabled[k]);
	ml_kind_set(k, on);
	return was;
}

/* Is a debugger (a tracer) attached to this process? */
static int ml_traced(void)
{
	char buf[4096];
	int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = 0;
	const char *t = strstr(buf, "TracerPid:");
	if (!t)
		return 0;
	for (t += 10; *t == ' ' || *t == '\t'; t++)
		;
	return *t != '0';
}

/* (noinline, and global: debuggers find it by name) */
__attribute__((noinline, used)) void __memlens_break(void)
{
	__asm__ volatile("int3");
}

void ml_break(void)
{
	if (ml_traced()) {
		__memlens_break();
	} else if (!__atomic_exchange_n(&ML_STATE_AT(int, ML_ST_WARNED), 1, __ATOMIC_RELAXED)) {
		ml_printf("memlens: break=1 but no debugger is attached: not stopping\n");
	}
}
