/* strtod stores the end of the number through its out-parameter, a slot
 * no instrumented statement wrote in this frame. An earlier frame at the
 * same address stored a pointer to its own local there, and the slot's
 * shadow still named that dead local: when the shadow's 16-bit hash of the
 * value happened to match (about one load in 65536), memlens took the dead
 * local as endptr's object and reported a DANGLING-POINTER-DEREF (Lua 5.4's
 * l_str2dloc on math.lua, in about one run in five). After such a call the
 * slot's shadow is forgotten and the pointer found by its value. A million
 * rounds, with the values and the locals' generations varying, make a
 * match all but certain before that. */
#include <stdio.h>
#include <stdlib.h>

static const char *seen;	/* makes the texts' addresses escape */

/* Marks a place in its text (mark) or parses a number there: the same
 * frame, so end is at the same address in both. */
static double step(unsigned i, int mark)
{
	char text[64];
	char *end;
	seen = text;
	if (mark) {
		end = text + i % 61;	/* stored by instrumented code */
		*end = 'x';
		seen = NULL;
		return *end;
	}
	int n = snprintf(text + i % 31, 32, "%u.5", i % 1000);
	double d = strtod(text + i % 31, &end);
	seen = NULL;
	return end - (text + i % 31) == n && *end == '\0' ? d : -1;
}

int main(void)
{
	double sum = 0;
	for (unsigned i = 0; i < 1u << 20; i++)
		sum += step(i, 1) + step(i, 0);
	printf("%.1f\n", sum);
	return 0;
}
