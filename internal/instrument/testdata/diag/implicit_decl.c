/* fill is called before any declaration of it (C89 style): the call
 * declares it, so the instrumented code must not name it earlier. */
int main(void)
{
	char buf[4];
	return fill(buf, 3) - 3;
}

int fill(char *p, int n)
{
	p[0] = 0;
	return n;
}
