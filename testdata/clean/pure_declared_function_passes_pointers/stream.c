#include "stream.h"

/* Declared pure; its call through s->get passes an argument on. */
int stream_limit(const struct stream *s)
{
	return s->get(s->cell) + s->limit;
}

const int *stream_cell(const struct stream *s)
{
	return s->cell;
}

int stream_set(struct stream *s, int limit)
{
	int old = s->limit;
	s->limit = limit;
	return old;
}
