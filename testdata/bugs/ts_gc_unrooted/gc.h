/* gc.h: a small mark-sweep collector over a fixed heap of words (gc.c). */
#ifndef GC_H
#define GC_H
#include <stddef.h>
#include <stdint.h>

enum { KIND_NODE = 1, KIND_WORDS = 2 };

/* An object of kind with nfields zeroed fields (a node's first two are
 * pointers to objects, which the collector follows). Collects when the
 * heap is full; NULL if still nothing fits. */
uintptr_t *gc_alloc(size_t nfields, uintptr_t kind);
/* The roots: the collector keeps what they reach. */
#define GC_ROOTS 256
extern uintptr_t *gc_roots[GC_ROOTS];
extern size_t gc_nroots;
size_t gc_collect(void); /* words freed */
uintptr_t gc_kind(const uintptr_t *o);
extern unsigned long gc_collections;
#endif
