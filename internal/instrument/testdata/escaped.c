/* Escaped locals' scopes (locals_test.go): a function body's end retires
 * the locals registered at its depth, holding no count of live locals
 * across the body; a block inside it holds the count it began with. */
long *kept;

static void keep(long *p) { kept = p; }
static void set(long *p, long v) { *p = v; }

long escaped_body_kept(long v)
{
	long a = v;
	keep(&a);
	return *kept;
}

long escaped_body_lent(void)
{
	long a;
	set(&a, 1);
	return a;
}

long escaped_block_kept(long v)
{
	for (int i = 0; i < 2; i++) {
		long a = v + i, b[2];
		keep(&a);
		set(&b[i], *kept);
		v += b[i];
	}
	return v;
}
