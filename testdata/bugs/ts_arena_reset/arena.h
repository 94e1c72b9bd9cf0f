#ifndef ARENA_H
#define ARENA_H
#include <stddef.h>

struct region;
void arena_init(void);
struct region *arena_new(void);
void *arena_alloc(struct region *r, size_t nwords, unsigned type);
size_t arena_words(const void *p);
void arena_reset(struct region *r);

#endif
