/* The search loop breaks out with a pointer to a struct that belongs to
 * the loop body. */
#include <stdio.h>

struct item {
	int id;
	int weight;
};

int main(void)
{
	struct item *found = NULL;
	for (int i = 0; i < 10; i++) {
		struct item it = {i, i * 7 % 10};
		if (it.weight == 9) {
			found = &it;
			break;
		}
	}
	if (found)
		printf("%d\n", found->id); // want USE-AFTER-SCOPE
	return 0;
}
