/* Variable length arrays of unspecified size in prototypes (int a[*][*]),
 * which the front end did not parse: the same calls, the definition's
 * bounds used. */
#include <stdio.h>
#include <stdlib.h>

int sum(int n, int m, int a[*][*]);
void fill(int n, int a[ * ], int v);

int sum(int n, int m, int a[n][m])
{
	int s = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++)
			s += a[i][j];
	return s;
}

void fill(int n, int a[n], int v)
{
	for (int i = 0; i < n; i++)
		a[i] = v + i;
}

int main(void)
{
	int a[2][3] = {{1, 2, 3}, {4, 5, 6}};
	int *heap = malloc(4 * sizeof *heap);
	fill(4, heap, 10);
	printf("%d %d %s\n", sum(2, 3, a), heap[3], "[*]");
	free(heap);
	return 0;
}
