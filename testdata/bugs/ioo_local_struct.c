/* A member array of a local struct and of a global struct, read past its
 * bound through the struct and through an array of structs. */
#include <stdio.h>

struct sample {
	double values[3];
	int count;
};

struct sample history[2];

int main(int argc, char **argv)
{
	struct sample s = {{1.0, 2.0, 3.0}, 3};
	double sum = 0;
	(void)argv;
	for (int i = 0; i <= s.count; i++)
		sum += s.values[i]; // want INTRA-OBJECT-OVERFLOW
	history[argc].values[3] = sum; // want INTRA-OBJECT-OVERFLOW
	printf("%.1f %d\n", sum, history[1].count);
	return 0;
}
