/* A GNU nested function inside a function holding an OpenMP loop: the
 * function is compiled as written (its locals are the team's), and the
 * front end's __func__ of the nested function must not reach gcc (it did:
 * only functions memlens instruments left theirs out).
 * memlens:cflags -fopenmp
 */
#include <stdio.h>

int main(void)
{
	int total = 0;
	int twice(int v)
	{
		return 2 * v;
	}
#pragma omp parallel for reduction(+ : total)
	for (int i = 0; i < 8; i++)
		total += twice(i);
	printf("%d\n", total);
	return 0;
}
