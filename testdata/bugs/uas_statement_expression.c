/* A GNU statement expression yields the address of its own local: the
 * local's scope ends with the expression. */
#include <stdio.h>

#define TEMP_OF(v) ({ int t_ = (v) * 2; &t_; })

int main(int argc, char **argv)
{
	int *p = TEMP_OF(argc);
	printf("%d\n", *p); // want USE-AFTER-SCOPE
	(void)argv;
	return 0;
}
