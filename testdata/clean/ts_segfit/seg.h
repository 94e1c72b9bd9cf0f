/* seg.h: a segregated free-list allocator over a fixed arena (seg.c). */
#ifndef SEG_H
#define SEG_H
#include <stddef.h>

void seg_init(void);
void *seg_malloc(size_t n);
void seg_free(void *p);
void *seg_realloc(void *p, size_t n);
/* Chunks in use and free, and the bytes of each. */
void seg_stats(size_t *used, size_t *used_bytes, size_t *free, size_t *free_bytes);

/* Bug injection (paper 003, section 6): with seg_inject naming a template,
 * the allocator (or the program) commits that bug once, when the countdown
 * reaches zero. */
extern const char *seg_inject;
extern long seg_countdown;
int seg_injecting(const char *template_name);
#endif
