/* suppress.c: suppressions (option suppressions=FILE).
 *
 * The file holds lines
 *   KIND:PATTERN
 * where KIND is a report kind (DOUBLE-FREE, UNINITIALIZED-READ…, any
 * case), "leak" (MEMORY-LEAK, as LeakSanitizer spells it) or "all"; blank
 * lines and lines starting with # are ignored. A report of that kind is not
 * made when PATTERN matches the function, the file or the file's base name
 * of a frame of its stack: the call stack where the error happened, or for
 * a leak the allocation stack (as Valgrind's suppressions match an error's
 * stack). * matches any run of characters. A suppressed error does not
 * change the exit status.
 */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

struct ml_supp {
	int kind; /* ML_NKINDS: every kind */
	const char *pattern;
};

#define ML_SUPP_MAX 4096
/* suppress.c's part of the state mapping (internal.h) */
struct ml_suppress_state {
	struct ml_supp *supps;
	unsigned nsupps;
	int loaded;
};
_Static_assert(ML_ST_SUPPRESS + sizeof(struct ml_suppress_state) <= ML_ST_THREAD, "suppress.c's state fits");
#define ML_SUS (&ML_STATE_AT(struct ml_suppress_state, ML_ST_SUPPRESS))
#define ml_supps (ML_SUS->supps)
#define ml_nsupps (ML_SUS->nsupps)

static int ml_glob(const char *p, const char *s)
{
	for (; *p; p++, s++) {
		if (*p == '*') {
			for (;; s++) {
				if (ml_glob(p + 1, s))
					return 1;
				if (!*s)
					return 0;
			}
		}
		if (*p != *s)
			return 0;
	}
	return !*s;
}

/* Read the file; a line that is not a suppression is reported (file:line
 * and what was expected) and skipped. Memory comes from scratch: this may
 * run while the heap is being examined. */
void ml_supp_load(void)
{
	if (!ml_flags.suppressions[0] || ML_SUS->loaded++)
		return;
	const char *path = ml_flags.suppressions;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ml_printf("memlens: suppressions file %s: cannot open it: %s\n", path, strerror(errno));
		return;
	}
	size_t cap = 1 << 20, n = 0;
	char *text = ml_scratch(cap + 2);
	ml_supps = ml_scratch(ML_SUPP_MAX * sizeof *ml_supps);
	if (!text || !ml_supps) {
		close(fd);
		return;
	}
	ssize_t r;
	while (n < cap && (r = read(fd, text + n, cap - n)) > 0)
		n += (size_t)r;
	close(fd);
	text[n] = '\n';
	unsigned line = 0;
	for (char *l = text, *end = text + n; l < end;) {
		char *nl = memchr(l, '\n', (size_t)(end - l) + 1);
		*nl = 0;
		line++;
		while (*l == ' ' || *l == '\t')
			l++;
		size_t len = strlen(l);
		while (len && (l[len - 1] == ' ' || l[len - 1] == '\t' || l[len - 1] == '\r'))
			l[--len] = 0;
		if (len && *l != '#') {
			char *colon = memchr(l, ':', len);
			int kind = -1;
			if (colon && colon[1]) {
				size_t kn = (size_t)(colon - l);
				kind = kn == 4 && strncasecmp(l, "leak", 4) == 0 ? ML_MEMORY_LEAK : ml_kind_named(l, kn);
			}
			if (kind < 0)
				ml_printf("memlens: %s:%u: expected KIND:PATTERN (KIND a report kind such as DOUBLE-FREE, leak or all; PATTERN a function or file name, * for any run of characters), found '%s'\n",
				          path, line, l);
			else if (ml_nsupps < ML_SUPP_MAX)
				ml_supps[ml_nsupps++] = (struct ml_supp){kind, colon + 1};
		}
		l = nl + 1;
	}
}

int ml_suppressed(enum ml_kind kind, unsigned stack)
{
	ml_supp_load();
	if (!ml_nsupps)
		return 0;
	const site_t *f[__ML_MAX_FRAMES];
	unsigned n = ml_stack_get(stack, f, __ML_MAX_FRAMES);
	for (unsigned k = 0; k < ml_nsupps; k++) {
		const struct ml_supp *s = &ml_supps[k];
		if (s->kind != ML_NKINDS && s->kind != (int)kind)
			continue;
		for (unsigned i = 0; i < n; i++) {
			const char *file = f[i]->file ? f[i]->file : "";
			const char *base = strrchr(file, '/');
			if ((f[i]->func && ml_glob(s->pattern, f[i]->func)) || ml_glob(s->pattern, file) ||
			    (base && ml_glob(s->pattern, base + 1)))
				return 1;
		}
	}
	return 0;
}
