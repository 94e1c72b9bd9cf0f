/* C99 inline definitions in a header: no unit provides an external
 * definition, so the program links only because the compiler inlines
 * every call (natively at -O1). memlens must keep that working, at -O0
 * too, where gcc itself cannot link it (TestCorpusO0 compares its -O0
 * build with the native -O1 one, as for every clean program). */
#ifndef CLAMP_H
#define CLAMP_H

inline int clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* rotate the first n elements left by one */
inline void rotate(int *data, int n)
{
	int first = data[0];
	for (int i = 1; i < n; i++)
		data[i - 1] = data[i];
	data[n - 1] = first;
}

inline void put_clamped(int *dst, int v)
{
	*dst = clamp(v, 0, 100);
}

int total(const int *v, int n);

#endif
