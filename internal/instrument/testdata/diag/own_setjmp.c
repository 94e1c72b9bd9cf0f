/* A function of the program's own named setjmp, returning nothing (gcc's
 * torture test pr59919): no returns-twice bookkeeping around its calls,
 * which would use its value. */
typedef int jmp_buf[10];
struct S {
	int i;
	jmp_buf buf;
};

void setjmp(jmp_buf);
void foo(int *);

void baz(struct S *p)
{
	setjmp(p->buf);
	foo(&p->i);
}
