/* A leaf function (it calls nothing) keeps the metas of its pointers,
 * parameters and locals named outside its innermost loop, in the thread's
 * argument words (__ml_t.arg) instead of its frame. A SIGALRM handler
 * (setitimer, every 200 us) interrupts it again and again and calls, through
 * a pointer, a function taking twelve pointers, which sets every one of
 * those words for its callee. The handler's wrapper puts them back before
 * the leaf goes on: its checks must still see its own blocks' metas (with
 * the handler's, reading the 4096-byte buffer through p would be an
 * overflow of a 16-byte block), so nothing is reported and the sums are
 * the same. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#define LEN 4096

static volatile sig_atomic_t ticks, disarmed;
static volatile unsigned long handled;

/* Twelve small blocks, each argument a different one. */
static char *small[12];

unsigned long twelve(char *a, char *b, char *c, char *d, char *e, char *f, char *g, char *h, char *i, char *j,
		     char *k, char *l)
{
	return (unsigned long)(a[15] + b[15] + c[15] + d[15] + e[15] + f[15] + g[15] + h[15] + i[15] + j[15] + k[15] +
			       l[15]);
}

static unsigned long (*volatile call_twelve)(char *, char *, char *, char *, char *, char *, char *, char *, char *,
					      char *, char *, char *) = twelve;

static void on_alarm(int sig)
{
	(void)sig;
	if (disarmed)
		return;
	handled += call_twelve(small[0], small[1], small[2], small[3], small[4], small[5], small[6], small[7], small[8],
			       small[9], small[10], small[11]);
	ticks++;
}

/* Calls nothing: p, end and t are named at depth one, the innermost loop
 * names only sum and k (called through a pointer: out of line, its
 * arguments' metas passed in the thread's words). */
unsigned long scan(const unsigned char *buf, size_t n, const unsigned char *table)
{
	const unsigned char *p = buf, *end = buf + n, *t = table + 8;
	unsigned long sum = 0;
	while (p < end) {
		unsigned v = *p++;
		sum += t[(int)(v & 7) - 8] + t[v & 7];
		for (int k = 0; k < 3; k++)
			sum = sum * 31 + (unsigned long)k;
	}
	return sum + buf[n - 1] + table[0];
}

static unsigned long (*volatile call_scan)(const unsigned char *, size_t, const unsigned char *) = scan;

int main(void)
{
	unsigned char *buf = malloc(LEN), *table = malloc(16);
	for (int i = 0; i < 12; i++) {
		small[i] = malloc(16);
		memset(small[i], i + 1, 16);
	}
	for (int i = 0; i < LEN; i++)
		buf[i] = (unsigned char)(i * 7 + 3);
	for (int i = 0; i < 16; i++)
		table[i] = (unsigned char)(i * 13);

	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	struct itimerval it = {{0, 200}, {0, 200}};
	setitimer(ITIMER_REAL, &it, NULL);

	unsigned long first = call_scan(buf, LEN, table), same = 1;
	long rounds = 0;
	while (ticks < 200 || rounds < 1000) {
		if (call_scan(buf, LEN, table) != first)
			same = 0;
		rounds++;
	}
	struct itimerval off = {{0, 0}, {0, 0}};
	setitimer(ITIMER_REAL, &off, NULL);
	disarmed = 1;

	printf("sum %lu, the same every round: %s\n", first, same ? "yes" : "no");
	printf("the handler's calls: %s\n", handled % 78 == 0 && handled > 0 ? "as expected" : "wrong");
	for (int i = 0; i < 12; i++)
		free(small[i]);
	free(buf);
	free(table);
	return 0;
}
