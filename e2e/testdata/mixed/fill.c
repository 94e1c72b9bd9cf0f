void fill(int *p, int n)
{
	for (int i = 0; i < n; i++)
		p[i] = i;
}
