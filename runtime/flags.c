/* flags.c: run-time options from MEMLENS_OPTIONS.
 *
 * Syntax (as ASan's): key=value pairs separated by ':', e.g.
 *   MEMLENS_OPTIONS=halt_on_error=1:exitcode=42:log_json=/tmp/errs.jsonl
 * A problem in the string (unknown key, bad value) is reported once on
 * stderr; that entry is ignored and the others still apply.
 *
 * ml_options below is THE list of options: docs/OPTIONS.md is kept in sync
 * with it, and MEMLENS_OPTIONS=help=1 prints it at start-up.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>


enum ml_opt_type { ML_OPT_BOOL, ML_OPT_INT, ML_OPT_PATH, ML_OPT_WORD, ML_OPT_KINDS };

/* The values of a word option, in the order of their numbers. */
static const char *const ml_leak_check_words[] = {"exit", "loss", "both", 0};
static const char *const ml_typestate_words[] = {"light", "heavy", 0};

/* ------------------------------------------------------------------------
 * The option table: name, type, default (as text), range, help.
 * Adding an option: a row here, a field in struct ml_flag_values (internal.h),
 * a case in ml_opt_apply, and a line in docs/OPTIONS.md.
 * ---------------------------------------------------------------------- */
static const struct ml_option {
	const char *name;
	enum ml_opt_type type;
	const char *def;
	long min, max;
	const char *help;
	const char *const *words; /* ML_OPT_WORD: its values */
} ml_options[] = {
	{"log_json", ML_OPT_PATH, "", 0, 0,
	 "append one JSON object per error (one line each) to this file; "
	 "each line is written with a single write(2), so concurrent processes "
	 "and threads never interleave", 0},
	{"log_path", ML_OPT_PATH, "", 0, 0,
	 "write text reports to PATH.<pid> instead of stderr", 0},
	{"graph", ML_OPT_PATH, "", 0, 0,
	 "write the memory graph trace (programs built with memlens cc --memlens-graph) to "
	 "this file, for memlens graph", 0},
	{"halt_on_error", ML_OPT_BOOL, "0", 0, 1,
	 "0: report each distinct (kind, site) once and keep going; "
	 "1: exit with exitcode after the first report", 0},
	{"exitcode", ML_OPT_INT, "23", 0, 255,
	 "exit status of a program in which errors were reported", 0},
	{"stack_depth", ML_OPT_INT, "16", 1, __ML_MAX_FRAMES,
	 "frames shown and stored per stack (values out of range are clamped)", 0},
	{"intra_object_overflow", ML_OPT_BOOL, "1", 0, 1,
	 "report indexes past an array member that stay inside its struct", 0},
	{"uninit", ML_OPT_BOOL, "1", 0, 1,
	 "track which bytes were written and report UNINITIALIZED-READ, in "
	 "programs built with memlens cc --memlens-full (0: no such report)", 0},
	{"detect_leaks", ML_OPT_BOOL, "1", 0, 1,
	 "check for leaks: report definitely, indirectly and possibly lost blocks at exit, and "
	 "where they were lost as leak_check says (0: no leak is reported)", 0},
	{"leak_check", ML_OPT_WORD, "both", 0, 2,
	 "exit: find leaks at exit only; loss: report each leak where the program lost its last "
	 "reference (programs built with memlens cc --memlens-full); both",
	 ml_leak_check_words},
	{"show_reachable", ML_OPT_BOOL, "0", 0, 1,
	 "print the leak summary, with the still-reachable allocation sites, even when nothing is lost", 0},
	{"suppressions", ML_OPT_PATH, "", 0, 0,
	 "file of suppressions: lines KIND:PATTERN (KIND a report kind, leak or all) matching a function or file of the report's stack", 0},
	{"disable", ML_OPT_KINDS, "", 0, 0,
	 "comma-separated bug kinds not to report (e.g. DOUBLE-FREE,MEMORY-LEAK, or all); "
	 "memlens_enable(\"KIND\", 0|1) switches one while the program runs", 0},
	{"break", ML_OPT_BOOL, "0", 0, 1,
	 "after each report, stop in the debugger the program runs under (a breakpoint "
	 "instruction; memlens gdb sets this)", 0},
	{"explain", ML_OPT_BOOL, "1", 0, 1,
	 "show with each report the value propagation chain of the pointer (or value) involved: "
	 "the statements that carried it from where it was made (0: none recorded or shown; "
	 "each step costs a test, and the provenance carried beside each pointer stays)", 0},
	{"explain_ring", ML_OPT_INT, "262144", 1024, 16777216,
	 "slots of value propagation steps kept, newest first, all threads together (rounded down to a "
	 "power of two; 16 bytes each, a step into memory takes two): a chain whose older steps are gone says so", 0},
	{"handle_segv", ML_OPT_BOOL, "1", 0, 1,
	 "report a SIGSEGV the program does not handle (INVALID-DEREF, NULL-POINTER-DEREF, "
	 "READ-ONLY-WRITE, STACK-OVERFLOW), then let it end the program", 0},
	{"handle_sigbus", ML_OPT_BOOL, "1", 0, 1,
	 "report a SIGBUS the program does not handle (INVALID-DEREF), then let it end the program", 0},
	{"handle_sigfpe", ML_OPT_BOOL, "1", 0, 1,
	 "report a SIGFPE the program does not handle (ARITHMETIC-ERROR), then let it end the program", 0},
	{"handle_sigill", ML_OPT_BOOL, "1", 0, 1,
	 "report a SIGILL the program does not handle (ILLEGAL-INSTRUCTION), then let it end the program", 0},
	{"symbolize", ML_OPT_BOOL, "1", 0, 1,
	 "find the line of the instruction a fatal signal stopped by running addr2line on the "
	 "program (0: the innermost instrumented function is named instead)", 0},
	{"typestate", ML_OPT_WORD, "light", 0, 1,
	 "programs that track typestates (docs/TYPESTATE.md): light checks the memory whose typestate "
	 "some annotation names; heavy checks every access, UNMAPPED memory too",
	 ml_typestate_words},
	{"help", ML_OPT_BOOL, "0", 0, 1,
	 "print this list of options at start-up", 0},
};
#define ML_NOPTIONS (sizeof ml_options / sizeof ml_options[0])

static void ml_opt_apply(const struct ml_option *o, long iv, const char *sv, size_t svlen)
{
	if (strcmp(o->name, "log_json") == 0) {
		memcpy(ml_flags.log_json, sv, svlen);
		ml_flags.log_json[svlen] = 0;
	} else if (strcmp(o->name, "log_path") == 0) {
		memcpy(ml_flags.log_path, sv, svlen);
		ml_flags.log_path[svlen] = 0;
	} else if (strcmp(o->name, "graph") == 0) {
		memcpy(ml_flags.graph, sv, svlen);
		ml_flags.graph[svlen] = 0;
	} else if (strcmp(o->name, "halt_on_error") == 0) {
		ml_flags.halt_on_error = (int)iv;
	} else if (strcmp(o->name, "exitcode") == 0) {
		ml_flags.exitcode = (int)iv;
	} else if (strcmp(o->name, "stack_depth") == 0) {
		ml_flags.stack_depth = (unsigned)iv;
	} else if (strcmp(o->name, "intra_object_overflow") == 0) {
		ml_kind_enabled[ML_INTRA_OBJECT_OVERFLOW] = (unsigned char)iv;
	} else if (strcmp(o->name, "uninit") == 0) {
		ml_flags.uninit = (int)iv;
		ml_kind_enabled[ML_UNINITIALIZED_READ] = (unsigned char)iv;
	} else if (strcmp(o->name, "show_reachable") == 0) {
		ml_flags.show_reachable = (int)iv;
	} else if (strcmp(o->name, "suppressions") == 0) {
		memcpy(ml_flags.suppressions, sv, svlen);
		ml_flags.suppressions[svlen] = 0;
	} else if (strcmp(o->name, "detect_leaks") == 0) {
		ml_flags.detect_leaks = (int)iv;
	} else if (strcmp(o->name, "leak_check") == 0) {
		ml_flags.leak_check = (int)iv;
	} else if (strcmp(o->name, "disable") == 0) {
		ml_kinds_disable(sv, svlen);
	} else if (strcmp(o->name, "break") == 0) {
		ml_flags.break_on_error = (int)iv;
	} else if (strcmp(o->name, "explain") == 0) {
		ml_flags.explain = (int)iv;
		ml_explain_set(ml_flags.explain, ml_flags.explain_ring);
	} else if (strcmp(o->name, "explain_ring") == 0) {
		uptr ring = 1;
		while (ring * 2 <= (uptr)iv)
			ring *= 2;
		ml_flags.explain_ring = ring;
		ml_explain_set(ml_flags.explain, ring);
	} else if (strcmp(o->name, "handle_segv") == 0) {
		ml_flags.handle_segv = (int)iv;
	} else if (strcmp(o->name, "handle_sigbus") == 0) {
		ml_flags.handle_sigbus = (int)iv;
	} else if (strcmp(o->name, "handle_sigfpe") == 0) {
		ml_flags.handle_sigfpe = (int)iv;
	} else if (strcmp(o->name, "handle_sigill") == 0) {
		ml_flags.handle_sigill = (int)iv;
	} else if (strcmp(o->name, "symbolize") == 0) {
		ml_flags.symbolize = (int)iv;
	} else if (strcmp(o->name, "typestate") == 0) {
		ml_flags.typestate_heavy = (int)iv;
	} else if (strcmp(o->name, "help") == 0) {
		ml_flags.help = (int)iv;
	}
}

/* Parse the decimal integer s[0..n); 0 on success. Clamp to [min, max] when
 * clamp is set (stack_depth), otherwise a value out of range is an error. */
static int ml_parse_int(const char *s, size_t n, long min, long max, int clamp, long *out)
{
	long v = 0;
	if (n == 0 || n > 18)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	if (v < min || v > max) {
		if (!clamp)
			return -1;
		v = v < min ? min : max;
	}
	*out = v;
	return 0;
}

static void ml_known_list(char *buf, size_t cap)
{
	size_t len = 0;
	buf[0] = 0;
	for (size_t i = 0; i < ML_NOPTIONS; i++) {
		size_t k = strlen(ml_options[i].name);
		if (len + k + 3 >= cap)
			break;
		if (i) {
			memcpy(buf + len, ", ", 2);
			len += 2;
		}
		memcpy(buf + len, ml_options[i].name, k);
		len += k;
		buf[len] = 0;
	}
}

/* The number of word v[0..n) among o's values, or -1. */
static long ml_parse_word(const struct ml_option *o, const char *v, size_t n)
{
	for (long i = 0; o->words[i]; i++)
		if (strlen(o->words[i]) == n && memcmp(o->words[i], v, n) == 0)
			return i;
	return -1;
}

static void ml_apply_default(const struct ml_option *o)
{
	long iv = 0;
	if (o->type == ML_OPT_WORD)
		iv = ml_parse_word(o, o->def, strlen(o->def));
	else if (o->type != ML_OPT_PATH && o->type != ML_OPT_KINDS)
		ml_parse_int(o->def, strlen(o->def), o->min, o->max, 1, &iv);
	ml_opt_apply(o, iv, o->def, strlen(o->def));
}

void ml_flags_defaults(void)
{
	for (size_t i = 0; i < ML_NOPTIONS; i++)
		ml_apply_default(&ml_options[i]);
}

/* help=1: every row of ml_options, so the list cannot miss an option;
 * the columns are as wide as the longest name and default. */
static void ml_flags_help(void)
{
	int wname = 0, wdef = 4; /* "none" */
	for (size_t i = 0; i < ML_NOPTIONS; i++) {
		int n = (int)strlen(ml_options[i].name), d = (int)strlen(ml_options[i].def);
		wname = n > wname ? n : wname;
		wdef = d > wdef ? d : wdef;
	}
	ml_printf("memlens: options (MEMLENS_OPTIONS=key=value:key=value...):\n");
	for (size_t i = 0; i < ML_NOPTIONS; i++) {
		const struct ml_option *o = &ml_options[i];
		ml_printf("  %-*s default %-*s %s\n", wname, o->name, wdef,
		          o->def[0] ? o->def : "none", o->help);
	}
}

void ml_flags_parse(const char *opts)
{
	const char *s = opts;
	while (*s) {
		const char *end = strchr(s, ':');
		size_t len = end ? (size_t)(end - s) : strlen(s);
		const char *eq = memchr(s, '=', len);
		size_t klen = eq ? (size_t)(eq - s) : len;
		const char *v = eq ? eq + 1 : s + len;
		size_t vlen = eq ? len - klen - 1 : 0;

		if (len > 0) {
			const struct ml_option *o = 0;
			for (size_t i = 0; i < ML_NOPTIONS; i++)
				if (strlen(ml_options[i].name) == klen &&
				    memcmp(ml_options[i].name, s, klen) == 0)
					o = &ml_options[i];
			if (!o) {
				char known[512];
				ml_known_list(known, sizeof known);
				ml_printf("memlens: MEMLENS_OPTIONS: unknown option '%.*s' (known: %s)\n",
				          (int)klen, s, known);
			} else if (!eq) {
				ml_printf("memlens: MEMLENS_OPTIONS: option '%s' needs a value ('%s=...')\n",
				          o->name, o->name);
			} else if (o->type == ML_OPT_KINDS) {
				ml_opt_apply(o, 0, v, vlen);
			} else if (o->type == ML_OPT_PATH) {
				if (vlen >= sizeof ml_flags.log_json)
					ml_printf("memlens: MEMLENS_OPTIONS: bad value for option '%s' (path too long)\n",
					          o->name);
				else
					ml_opt_apply(o, 0, v, vlen);
			} else if (o->type == ML_OPT_WORD) {
				long iv = ml_parse_word(o, v, vlen);
				if (iv < 0) {
					char list[128] = "";
					for (size_t i = 0; o->words[i]; i++) {
						if (i)
							strcat(list, ", ");
						strcat(list, o->words[i]);
					}
					ml_printf("memlens: MEMLENS_OPTIONS: bad value '%.*s' for option '%s' "
					          "(expected one of %s)\n", (int)vlen, v, o->name, list);
				} else
					ml_opt_apply(o, iv, 0, 0);
			} else {
				long iv;
				int clamp = strcmp(o->name, "stack_depth") == 0;
				if (ml_parse_int(v, vlen, o->min, o->max, clamp, &iv) != 0) {
					if (o->type == ML_OPT_BOOL)
						ml_printf("memlens: MEMLENS_OPTIONS: bad value '%.*s' for option '%s' "
						          "(expected 0 or 1)\n", (int)vlen, v, o->name);
					else
						ml_printf("memlens: MEMLENS_OPTIONS: bad value '%.*s' for option '%s' "
						          "(expected an integer in %ld..%ld)\n",
						          (int)vlen, v, o->name, o->min, o->max);
				} else
					ml_opt_apply(o, iv, 0, 0);
			}
		}
		if (!end)
			break;
		s = end + 1;
	}
	if (ml_flags.help)
		ml_flags_help();
}
