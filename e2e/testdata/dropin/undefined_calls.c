/* Calls of functions nobody defines: the link fails, and must say so as
 * gcc's does, once per call (wt-dropin7: Oniguruma's testp), with ld's
 * cut-off after five references to a name in a row where gcc's has it:
 * sum's three calls of fill, then main's four (in another section at -O2),
 * then main's report. */
void report(void);
void fill(int *p, int n);

int sum(int *a)
{
	fill(a, 1);
	fill(a, 2);
	fill(a, 3);
	return a[0];
}

int main(void)
{
	int a[4];
	fill(a, 4);
	fill(a + 1, 3);
	fill(a + 2, 2);
	fill(a + 3, 1);
	report();
	return sum(a);
}
