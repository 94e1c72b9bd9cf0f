/* Built by gcc alone: code memlens does not see. */
#include "include/streams.h"

int zs_copy(struct zs *s)
{
	while (s->avail_in && s->avail_out) {
		*s->next_out++ = *s->next_in++;
		s->avail_in--, s->avail_out--;
	}
	return 0;
}

size_t ob_fill(struct outbuf *o, size_t n)
{
	while (n-- && o->pos < o->size)
		((unsigned char *)o->dst)[o->pos++] = 'z';
	return o->pos;
}

int by_address(size_t *available_out, unsigned char **next_out)
{
	while (*available_out > 4) {
		*(*next_out)++ = 'b';
		--*available_out;
	}
	return 0;
}

struct mine {
	unsigned char *next_out;
	unsigned avail_out;
};

void mine_fill(struct mine *m)
{
	while (m->avail_out) {
		*m->next_out++ = 'm';
		m->avail_out--;
	}
}

/* by_address again, declared by the program itself */
int own_by_address(size_t *available_out, unsigned char **next_out)
{
	return by_address(available_out, next_out);
}
