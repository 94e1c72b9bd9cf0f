/* Old code declares malloc itself: the block it returns is still never
 * written, and deciding on it is reading garbage. */
extern void *malloc();
extern void free();
extern int printf(const char *, ...);

int main(void)
{
	int *counts = (int *)malloc(4 * sizeof(int));
	counts[0] = 1;
	if (counts[2] > 0) // want UNINITIALIZED-READ
		printf("positive\n");
	free(counts);
	return 0;
}
