/* A system header's macro that declares a record whose text is built by
 * stringizing (as a typestate header's PCK_RW(...) does): gcc -E writes
 * the literals "wrap(" "first" ")" on lines of their own, line markers
 * between them, and the markers' file names are literals too. */
#pragma GCC system_header
struct note {
	int n;
	const char *text;
	int end;
};
#define NOTE(n, s) static struct note note_##n = {n, s, 0};
#define WRAP(n, x) NOTE(n, "wrap(" #x ")")
