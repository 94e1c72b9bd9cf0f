/* Bit-field values where memlens keeps a value in a temporary (an
 * assignment, a compound assignment, a return, a call argument, an index,
 * a conditional, a comma): gcc gives a bit-field no __auto_type, so each
 * must reach the temporary promoted. Clean: prints what the native build
 * prints. */
#include <stdio.h>
#include <stdlib.h>
struct bits { unsigned a : 3; signed b : 5; unsigned long long c : 40; _Bool d : 1; };
struct node { struct node *next; int key; long w; unsigned char u; };
static int take(int x) { return x + 1; }
static unsigned ret(struct bits *b) { return b->a; }
static long retc(struct bits *b) { return (b->c); }
int main(int argc, char **argv) {
	(void)argv;
	struct bits *b = calloc(1, sizeof *b);
	struct node *n = calloc(1, sizeof *n);
	struct bits s = {1, -2, 3, 1};
	b->a = argc; b->b = -3; b->c = 1234567; b->d = 1;
	n->key = b->a;
	n->key += b->b;
	n->w = b->c;
	n->w -= (b->c);
	n->u = s.b;
	n->u |= s.a;
	n->key = argc ? b->b : s.b;
	n->key = ((void)argc, b->a);
	n->w *= b->d;
	b->a++;
	++b->b;
	b->c += b->a;
	n->key = take(b->b) + take(s.a);
	int k = b->a;
	k += ret(b) + retc(b);
	int arr[8] = {0};
	arr[b->a] = b->b;
	n->key = arr[s.a];
	printf("%d %ld %u %d %d %d\n", n->key, n->w, n->u, k, b->a, (int)b->c);
	free(b); free(n);
	return 0;
}
