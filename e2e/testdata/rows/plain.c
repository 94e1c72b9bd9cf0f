/* The library, built by gcc alone (testdata/rows). */
void rows_fill(unsigned char **rows, int n, int w)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < w; j++)
			rows[i][j] = (unsigned char)(i * 7 + j);
}

void planes_fill(unsigned char ***planes, int c, int n, int w)
{
	for (int k = 0; k < c; k++)
		rows_fill(planes[k], n, w);
}

unsigned char *row_at(const unsigned char *rows, int i, int w)
{
	return (unsigned char *)rows + i * w;
}

/* the same, declared by the program itself */
void samples_fill(unsigned short **rows, int n, int w)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < w; j++)
			rows[i][j] = (unsigned short)(i * 300 + j);
}
