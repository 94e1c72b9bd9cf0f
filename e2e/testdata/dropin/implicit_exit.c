/* Old code calls exit and abort with no declaration in sight (gcc's torture
 * tests do): an implicit declaration, with gcc's warning. Optimised, memlens
 * calls functions that may exit through a pointer, which needs a name gcc
 * knows: here there is none, and the call stays as written. */
int printf(const char *, ...);

static int twice(int v)
{
	if (v > 100)
		abort();
	return 2 * v;
}

int main(void)
{
	int r = twice(21);
	printf("%d\n", r);
	if (r == 42)
		exit(0);
	return 1;
}
