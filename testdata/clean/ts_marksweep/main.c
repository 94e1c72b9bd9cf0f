/* A GCbench-like workload over gc.c, made fragile as paper 003 §6.2.1
 * does: trees of every depth are built, some kept, and each is hashed
 * node by node just before it is dropped, so a corrupted object changes
 * the output. */
#include <stdio.h>
#include <stdlib.h>

#include "gc.h"
#include "gc_pck.h"

static void push_root(uintptr_t *o)
{
	if (gc_nroots == GC_ROOTS) {
		fprintf(stderr, "too many roots\n");
		exit(2);
	}
	gc_roots[gc_nroots++] = o;
}

PCK_RW(PCK_Field)
static uintptr_t *make_tree(int depth, uintptr_t *seed)
{
	if (depth == 0) {
		uintptr_t *w = gc_alloc(1 + *seed % 5, KIND_WORDS);
		if (!w)
			return NULL;
		w[2] = *seed = *seed * 1103515245u + 12345u;
		return w;
	}
	size_t base = gc_nroots;
	uintptr_t *l = make_tree(depth - 1, seed);
	push_root(l);
	uintptr_t *r = make_tree(depth - 1, seed);
	push_root(r);
	uintptr_t *n = gc_alloc(3, KIND_NODE);
	gc_nroots = base;
	if (!n)
		return NULL;
	n[2] = (uintptr_t)l;
	n[3] = (uintptr_t)r;
	n[4] = (uintptr_t)depth;
	return n;
}

PCK_R(PCK_Field)
static uintptr_t hash_tree(const uintptr_t *t)
{
	if (!t)
		return 7;
	if (gc_kind(t) == KIND_NODE)
		return (hash_tree((const uintptr_t *)t[2]) * 31 + hash_tree((const uintptr_t *)t[3])) ^ t[4];
	return t[2] * 17;
}

int main(void)
{
	uintptr_t seed = 42, hash = 0;
	uintptr_t *kept[8] = {0};
	for (int round = 0; round < 300; round++) {
		int depth = 2 + round % 7;
		uintptr_t *t = make_tree(depth, &seed);
		if (!t) {
			printf("out of memory at round %d\n", round);
			return 1;
		}
		int k = round % 8;
		if (kept[k])
			hash = hash * 1000003u ^ hash_tree(kept[k]);
		kept[k] = t;
		gc_nroots = 0;
		for (int i = 0; i < 8; i++)
			if (kept[i])
				push_root(kept[i]);
	}
	for (int i = 0; i < 8; i++)
		hash = hash * 1000003u ^ hash_tree(kept[i]);
	printf("hash %lx after %lu collections\n", (unsigned long)hash, gc_collections);
	gc_nroots = 0;
	printf("%zu words freed once nothing is kept\n", gc_collect());
	return 0;
}
