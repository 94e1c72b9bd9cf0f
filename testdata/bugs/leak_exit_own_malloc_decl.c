/* Old code declares malloc and free itself instead of including
 * <stdlib.h>: its blocks are the program's all the same, and one it never
 * frees is a leak. */
extern void *malloc();
extern void free();
extern int printf(const char *, ...);

static char *label(int n)
{
	char *p = (char *)malloc(4); // want alloc:MEMORY-LEAK
	p[0] = (char)('0' + n);
	p[1] = 0;
	return p;
}

int main(void)
{
	char *a = label(1);
	char *b = label(2);
	printf("%s %s\n", a, b);
	free(a);
	return 0;
}
