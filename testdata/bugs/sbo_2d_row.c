/* A 3x4 grid walked with the row and column bounds swapped: the column
 * index runs past its row even though the address stays in the grid. */
#include <stdio.h>

int main(void)
{
	int grid[3][4];
	int total = 0;
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 4; c++)
			grid[r][c] = r * 4 + c;
	for (int c = 0; c < 3; c++)
		for (int r = 0; r < 4; r++)
			total += grid[c][r + 1]; // want STACK-BUFFER-OVERFLOW
	printf("%d\n", total);
	return 0;
}
