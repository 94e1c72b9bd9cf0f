/* The depth of a tree is computed by recursion, but the "tree" read from
 * the input links its last node back to the root: the walk never reaches
 * a leaf and the recursion exhausts the stack. */
#include <stdio.h>

struct node {
	int value;
	struct node *left, *right;
};

static int deeper(int l, int r)
{
	return l > r ? l : r;
}

/* (on one line: the stack runs out at the call or at the callee's entry) */
static int depth(const struct node *n) { return n ? 1 + deeper(depth(n->left), depth(n->right)) : 0; } // want STACK-OVERFLOW

int main(void)
{
	struct node nodes[4] = {{1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {4, 0, 0}};
	nodes[0].left = &nodes[1];
	nodes[0].right = &nodes[2];
	nodes[2].left = &nodes[3];
	nodes[3].right = &nodes[0]; /* the cycle */
	printf("depth %d\n", depth(&nodes[0]));
	return 0;
}
