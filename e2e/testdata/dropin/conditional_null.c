/* A member of a conditional one of whose operands is NULL: gcc gives the
 * conditional the other operand's type (tinycc's tcctest.c). */
#include <stdio.h>
#include <stddef.h>

struct item {
	int i;
	int weight[3];
};

int main(void)
{
	struct item items[2] = {{1, {5, 6, 7}}, {2, {8, 9, 10}}};
	struct item *s = &items[1];
	int sum = 0;
	for (int i = 0; i < 3; i++) {
		if (i)
			sum += (i == 0 ? NULL : s)->i;
		sum += (i < 3 ? &items[i % 2] : NULL)[0].weight[i];
		sum += i ? (i > 0 ? s : (void *)0)->weight[0] : 0;
	}
	printf("%d\n", sum);
	return 0;
}
