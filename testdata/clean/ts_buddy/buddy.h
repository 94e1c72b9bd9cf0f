/* buddy.h: a binary buddy allocator over a fixed arena (buddy.c). */
#ifndef BUDDY_H
#define BUDDY_H
#include <stddef.h>

void buddy_init(void);
void *buddy_malloc(size_t n);
void buddy_free(void *p);
void *buddy_realloc(void *p, size_t n);
/* Blocks in use and free, and the bytes of each. */
void buddy_stats(size_t *used, size_t *used_bytes, size_t *free, size_t *free_bytes);

/* Bug injection (paper 003, section 6): with buddy_inject naming a
 * template, the allocator (or the program) commits that bug once, when the
 * countdown reaches zero. */
extern const char *buddy_inject;
extern long buddy_countdown;
int buddy_injecting(const char *template_name);
#endif
