/* Out-parameters (outparams.go, TestOutParameters): with full checking, a
 * local declared without an initializer whose next mention passes its
 * address to a parameter the callee stores whole before it can return or
 * read it is not poisoned (out_*); one passed where the callee may return
 * first, reads it, stores only part of it, or that is read before the
 * call, is (kept_*). */
static long pop(long *sp) { return *sp - 1; }

static long store(long *sp, long *a)
{
	long b = pop(sp);
	*a = pop(sp);
	return b;
}

static long maybe(long *a, long v)
{
	if (v)
		return 0;
	*a = v;
	return 1;
}

static long reads(long *a, long v)
{
	if (v)
		v = *a;
	*a = v;
	return v;
}
static long part(char *a) { *a = 1; return 0; }

long use_them(long *sp)
{
	long out_declared_together, b = store(sp, &out_declared_together);
	long kept_may_return, c = maybe(&kept_may_return, b);
	long kept_read, d = reads(&kept_read, 0);
	long kept_part, e = part((char *)&kept_part);
	long kept_used_first, f = (kept_used_first = 1) + store(sp, &kept_used_first);
	long out_statement;
	b = store(sp, &out_statement);
	return out_declared_together + out_statement + b + c + d + e + f;
}
