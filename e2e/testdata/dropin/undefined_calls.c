/* Calls of functions nobody defines: the link fails, and must say so as
 * gcc's does, once per call (wt-dropin7: Oniguruma's testp). */
void report(void);
void fill(int *p, int n);

int main(void)
{
	int a[4];
	report();
	fill(a, 4);
	fill(a + 1, 3);
	report();
	return a[0];
}
