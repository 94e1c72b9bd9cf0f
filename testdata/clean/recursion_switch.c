/* Recursion (permutations, Hanoi, Ackermann, flood fill, mutual recursion),
 * Duff's device (switch with fallthrough into a do/while), enums and a
 * state machine driven by switch. */
#include <stdio.h>
#include <string.h>

static int perms;

static void permute(char *s, int k, int n)
{
	if (k == n) {
		if (++perms <= 4)
			printf("  %s\n", s);
		return;
	}
	for (int i = k; i < n; i++) {
		char t = s[k]; s[k] = s[i]; s[i] = t;
		permute(s, k + 1, n);
		t = s[k]; s[k] = s[i]; s[i] = t;
	}
}

static long hanoi(int n, char from, char to, char via)
{
	if (n == 0)
		return 0;
	long moves = hanoi(n - 1, from, via, to);
	if (n >= 9)
		printf("  move disk %d from %c to %c\n", n, from, to);
	return moves + 1 + hanoi(n - 1, via, to, from);
}

static int ackermann(int m, int n)
{
	if (m == 0)
		return n + 1;
	if (n == 0)
		return ackermann(m - 1, 1);
	return ackermann(m - 1, ackermann(m, n - 1));
}

#define W 8
#define H 5
static char grid[H][W + 1] = {
	"..##....",
	".#..#...",
	".#...#..",
	"..###.#.",
	"......#.",
};

static int fill(int y, int x)
{
	if (y < 0 || y >= H || x < 0 || x >= W || grid[y][x] != '.')
		return 0;
	grid[y][x] = 'o';
	return 1 + fill(y + 1, x) + fill(y - 1, x) + fill(y, x + 1) + fill(y, x - 1);
}

static int is_even(unsigned n);
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }

static void duff_copy(short *to, const short *from, int count)
{
	int n = (count + 7) / 8;
	switch (count % 8) {
	case 0: do { *to++ = *from++;
	/* fall through */
	case 7:      *to++ = *from++;
	/* fall through */
	case 6:      *to++ = *from++;
	/* fall through */
	case 5:      *to++ = *from++;
	/* fall through */
	case 4:      *to++ = *from++;
	/* fall through */
	case 3:      *to++ = *from++;
	/* fall through */
	case 2:      *to++ = *from++;
	/* fall through */
	case 1:      *to++ = *from++;
		} while (--n > 0);
	}
}

enum state { START, IN_WORD, IN_NUMBER, DONE };

static void scan(const char *s, int *words, int *numbers)
{
	enum state st = START;
	*words = *numbers = 0;
	do {
		char c = *s;
		switch (st) {
		case START:
			if (c >= '0' && c <= '9') {
				st = IN_NUMBER;
				++*numbers;
			} else if ((c | 32) >= 'a' && (c | 32) <= 'z') {
				st = IN_WORD;
				++*words;
			} else if (c == '\0') {
				st = DONE;
			}
			break;
		case IN_WORD:
		case IN_NUMBER:
			if (c == ' ' || c == '\0')
				st = c == '\0' ? DONE : START;
			break;
		case DONE:
			break;
		}
	} while (*s++ != '\0');
}

int main(void)
{
	char s[] = "abcd";
	printf("permutations of %s:\n", s);
	permute(s, 0, (int)strlen(s));
	printf("  ... %d in all\n", perms);
	printf("hanoi(10):\n");
	printf("  %ld moves\n", hanoi(10, 'A', 'C', 'B'));
	printf("ackermann(2, 3) = %d, ackermann(3, 3) = %d\n", ackermann(2, 3), ackermann(3, 3));
	printf("filled %d cells\n", fill(2, 2));
	for (int y = 0; y < H; y++)
		printf("  %s\n", grid[y]);
	printf("17 is %s, 10 is %s\n", is_odd(17) ? "odd" : "even", is_even(10) ? "even" : "odd");
	short src[19], dst[19] = {0};
	for (int i = 0; i < 19; i++)
		src[i] = (short)(i * i);
	duff_copy(dst, src, 19);
	printf("duff: dst[0] %d dst[18] %d equal %d\n", dst[0], dst[18], memcmp(src, dst, sizeof src) == 0);
	int w, n;
	scan("route 66 has 2 lanes and 400 miles", &w, &n);
	printf("%d words, %d numbers\n", w, n);
	return 0;
}
