/* A backtracking matcher in pcre2's style: RMATCH saves a frame and jumps
 * to the top of the matcher from inside a loop's body, and the return
 * switch jumps back into the braces the macro left there, past the start
 * of the loop's body, which declares a local lent to a callee. The
 * caller's block of frames, reached through a pointer, stays alive all
 * along (memlens saw it out of scope: the loop's body retired, at its end,
 * the locals above a height it never noted, the jump back having skipped
 * its start). And a case label inside a block of the switch's body. */
#include <stdio.h>
#include <string.h>

enum { END, RUNS, NOMATCH = -1 };

struct frame {
	const char *at;
	int code, n, ret;
};

struct block {
	struct frame frames[64];
	const char *end;
	int max;
};

#define RMATCH(next, id) { code = next; F->ret = id; goto RECURSE; L_##id:; }

static int run_length(const char *s, const char *end, size_t *len)
{
	*len = 0;
	while (s + *len < end && s[*len] == s[0])
		(*len)++;
	return *len == 0;
}

/* The fewest runs of equal letters (at most mb->max) the text splits
 * into, or NOMATCH: each frame first tries to end there, then takes one
 * more run. */
static int match(const char *text, struct block *mb)
{
	struct frame *F = mb->frames;
	int code = RUNS, rrc;
	F->at = text;
	F->n = 0;
	goto NEW_FRAME;
RECURSE:
	if (F + 1 == mb->frames + 64)
		return NOMATCH;
	F[1] = F[0];
	F++;
NEW_FRAME:
	F->code = code;
	switch (F->code) {
	case END:
		rrc = F->at == mb->end ? F->n : NOMATCH;
		goto RETURN;
	case RUNS:
		for (;;) {
			size_t len;
			RMATCH(END, 1);
			if (rrc != NOMATCH)
				goto RETURN;
			if (F->n++ >= mb->max || run_length(F->at, mb->end, &len)) {
				rrc = NOMATCH;
				goto RETURN;
			}
			F->at += len;
		}
	}
	rrc = NOMATCH;
RETURN:
	if (F == mb->frames)
		return rrc;
	F--;
	switch (F->ret) {
	case 1:
		goto L_1;
	}
	return rrc;
}

static int classify(int c)
{
	int kinds = 0;
	switch (c % 3) {
	case 0: {
		char word[8];
		strcpy(word, "zero");
		kinds += (int)strlen(word);
	case 1:
		kinds++;
		break;
	}
	default:
		kinds += 10;
	}
	return kinds;
}

int main(void)
{
	struct block mb;
	const char *texts[] = { "aab", "abcc", "aaaa", "", "abcabc" };
	for (int i = 0; i < 5; i++) {
		mb.end = texts[i] + strlen(texts[i]);
		mb.max = 4;
		printf("\"%s\": %d\n", texts[i], match(texts[i], &mb));
	}
	for (int c = 0; c < 4; c++)
		printf("%d: %d\n", c, classify(c));
	return 0;
}
