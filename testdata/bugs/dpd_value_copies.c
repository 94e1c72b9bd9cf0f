/* An interpreter's tagged values, as Lua keeps them: a one-word union
 * copied member by member (setobj), and a two-word pair copied whole. A
 * string value copied from register to register and into a pair outlives
 * the string freed by the collector; reading it through the last copy is
 * a dangling pointer. The end pointer of a buffer travels the same way and
 * stays the buffer's: the byte at it is past the buffer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct str {
	size_t len;
	char data[16];
};

union value {
	struct str *s;
	long i;
	double n;
};

struct tvalue {
	union value v;
	int tt;
};

struct pair {
	long key;
	union value v;
};

static struct tvalue regs[8];

static void move(int to, int from)
{
	regs[to].v = regs[from].v; // want chain:DANGLING-POINTER-DEREF
	regs[to].tt = regs[from].tt;
}

int main(void)
{
	struct str *s = malloc(sizeof *s);
	char *buf = malloc(8);
	struct pair p, q, end;
	long sum = 0;
	if (s == NULL || buf == NULL)
		return 1;
	strcpy(s->data, "hello");
	s->len = 5;
	regs[0].v.s = s; // want chain:DANGLING-POINTER-DEREF
	regs[0].tt = 4;
	regs[1].v.i = 42;
	regs[1].tt = 3;
	move(2, 0);
	move(3, 1);
	move(4, 2);
	regs[4].v = regs[4].v;
	p.key = 1;
	p.v = regs[4].v; // want chain:DANGLING-POINTER-DEREF
	q = p; // want chain:DANGLING-POINTER-DEREF
	sum += (long)q.v.s->len + regs[3].v.i;
	printf("%ld %s\n", sum, q.v.s->data);
	memset(buf, 'x', 8);
	p.v.s = (struct str *)(buf + 8);
	end = p;
	regs[6].v = end.v;
	sum += ((char *)regs[6].v.s)[-1];
	sum += ((char *)regs[6].v.s)[0]; // want HEAP-BUFFER-OVERFLOW
	free(s);
	printf("%ld\n", sum);
	printf("%d\n", q.v.s->len == 5); // want DANGLING-POINTER-DEREF
	free(buf);
	return 0;
}
