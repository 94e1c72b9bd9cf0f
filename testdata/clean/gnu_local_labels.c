/* GNU block extensions gcc's torture tests use: local labels (`__label__`,
 * which must open their block, before anything memlens declares there) in
 * a function and a block that hold checked locals, reached by computed
 * gotos; and a nested function inside a nested function (each has the
 * front end's __func__, which must not reach gcc). */
#include <stdio.h>
#include <stdlib.h>

static int dispatch(int op, int *acc)
{
	__label__ add, sub, done;
	static void *const table[] = {&&add, &&sub};
	int local[4] = {1, 2, 3, 4};
	int *p = local;
	goto *table[op & 1];
add:
	*acc += p[op & 3];
	goto done;
sub:
	*acc -= p[op & 3];
done:
	{
		__label__ again;
		char buf[8];
		int n = 0;
	again:
		buf[n] = (char)('a' + n);
		if (++n < (int)sizeof buf)
			goto again;
		return *acc + buf[op & 7];
	}
}

static int outer(int x)
{
	int *cell = malloc(sizeof *cell);
	if (cell == NULL)
		exit(1);
	*cell = x;
	int middle(int y)
	{
		int inner(int z)
		{
			return z * *cell;
		}
		return inner(y) + 1;
	}
	int r = middle(3);
	free(cell);
	return r;
}

int main(void)
{
	int acc = 0;
	for (int op = 0; op < 6; op++)
		printf("%d ", dispatch(op, &acc));
	printf("\n%d\n", outer(7));
	return 0;
}
