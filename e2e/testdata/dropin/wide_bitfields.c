/* 128-bit bit-fields wider than 64 bits (gcc's extension): set one by one
 * on the heap and on the stack, updated with compound assignments and
 * increments, copied whole and read back, as gcc does; a unit holding
 * one is instrumented, and so is one whose wide field does not fit in
 * what is left of its unit (gcc starts the next: struct late). */
#include <stdio.h>
#include <stdlib.h>

struct stamp {
	unsigned __int128 ticks : 100;
	unsigned __int128 epoch : 28;
	__int128 offset : 90;
	unsigned zone : 5;
};

struct late {
	unsigned long long flags : 40;
	unsigned __int128 wide : 100;
	int tail;
};

static void show(const char *what, unsigned __int128 v)
{
	printf("%s %016llx%016llx\n", what, (unsigned long long)(v >> 64), (unsigned long long)v);
}

static struct stamp later(struct stamp s, int by)
{
	s.ticks += (unsigned __int128)by << 70;
	s.offset -= by;
	s.epoch++;
	return s;
}

int main(int argc, char **argv)
{
	(void)argv;
	struct stamp *s = malloc(sizeof *s);
	s->ticks = ((unsigned __int128)1 << 99) | 12345;
	s->epoch = 0xabcdef1;
	s->offset = -((__int128)1 << 80);
	s->zone = 5;
	struct stamp copy = *s, next = later(copy, argc);
	next.ticks <<= 1;
	next.zone *= 3;
	show("ticks", next.ticks);
	show("epoch", next.epoch);
	show("offset", (unsigned __int128)next.offset);
	if (next.offset < 0 && next.ticks != copy.ticks)
		printf("%zu %u %u\n", sizeof next, (unsigned)next.zone, (unsigned)copy.zone);
	struct late *l = calloc(1, sizeof *l);
	l->flags = 0xfffff;
	l->wide = ((unsigned __int128)3 << 98) | 7;
	l->tail = argc + 41;
	l->wide--;
	show("late", l->wide);
	printf("%zu %d %llx\n", sizeof *l, l->tail, (unsigned long long)l->flags);
	free(l);
	free(s);
	return 0;
}
