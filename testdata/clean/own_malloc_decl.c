/* Old code declares the libc functions it uses itself (no <stdlib.h>,
 * <string.h>): memlens knows them by name and the program runs as built
 * by gcc. */
extern void *malloc();
extern void *realloc();
extern void free();
extern char *strcpy();
extern unsigned long strlen();
extern int printf(const char *, ...);

int main(void)
{
	char *s = (char *)malloc(6);
	strcpy(s, "hello");
	s = (char *)realloc(s, 12);
	strcpy(s + 5, ", you");
	printf("%s (%lu)\n", s, strlen(s));
	free(s);
	return 0;
}
