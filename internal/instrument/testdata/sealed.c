/* TestSealedSlots: each struct's pointer member is named after the case;
 * read_* loads it. Members of pos_* structs are sealed, of neg_* not. */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#define READER(S, M) __attribute__((noinline)) long read_##M(struct S *s) { return *s->M; }

struct pos_local { long *pos_local; long n; };
struct pos_heap { long *pos_heap; struct pos_heap *pos_next; };
struct pos_calloc { long *pos_calloc; };
struct pos_table { long *pos_table; };
struct pos_null { long *pos_null; };
READER(pos_local, pos_local)
READER(pos_heap, pos_heap)
READER(pos_calloc, pos_calloc)
READER(pos_table, pos_table)
READER(pos_null, pos_null)
struct pos_wrapped { long *pos_wrapped; };
struct pos_rewrapped { long *pos_rewrapped; };
READER(pos_wrapped, pos_wrapped)
READER(pos_rewrapped, pos_rewrapped)

struct neg_addr { long *neg_addr; };
struct neg_memcpy { long *neg_memcpy; };
struct neg_memset { long *neg_memset; };
struct neg_union { long *neg_union; };
union holds_neg_union { struct neg_union s; long words[1]; };
struct neg_char_cast { long *neg_char_cast; };
struct neg_unknown_fn { long *neg_unknown_fn; };
extern void fill_unknown(struct neg_unknown_fn *);
struct neg_oob_index { long *neg_oob_index; };
struct neg_volatile_obj { long *neg_volatile_obj; };
struct neg_volatile_member { long *volatile neg_volatile_member; };
struct neg_whole_copy { long *neg_whole_copy; };
struct neg_initialized { long *neg_initialized; };
struct neg_by_value { long *neg_by_value; };
struct neg_returned { long *neg_returned; };
struct neg_int_cast { long *neg_int_cast; };
struct neg_void_param { long *neg_void_param; };
struct neg_member_arg { char buf[8]; long *neg_member_arg; };
struct neg_anon { union { long *neg_anon; unsigned long bits; }; };
struct neg_aligned { long *neg_aligned; } __attribute__((aligned(32)));
struct neg_from_void { long *neg_from_void; };
struct neg_variadic { long *neg_variadic; };
struct neg_unchecked { long *neg_unchecked; };
struct neg_outer_memcpy { long *neg_outer_memcpy; };
struct neg_member_cast { int n; int pad; long *neg_member_cast; };
struct holds_outer { int tag; struct neg_outer_memcpy in; };
READER(neg_addr, neg_addr)
READER(neg_memcpy, neg_memcpy)
READER(neg_memset, neg_memset)
READER(neg_union, neg_union)
READER(neg_char_cast, neg_char_cast)
READER(neg_unknown_fn, neg_unknown_fn)
READER(neg_oob_index, neg_oob_index)
READER(neg_volatile_obj, neg_volatile_obj)
READER(neg_volatile_member, neg_volatile_member)
READER(neg_whole_copy, neg_whole_copy)
READER(neg_initialized, neg_initialized)
READER(neg_by_value, neg_by_value)
READER(neg_returned, neg_returned)
READER(neg_int_cast, neg_int_cast)
READER(neg_void_param, neg_void_param)
READER(neg_member_arg, neg_member_arg)
READER(neg_anon, neg_anon)
READER(neg_aligned, neg_aligned)
READER(neg_from_void, neg_from_void)
READER(neg_variadic, neg_variadic)
READER(neg_unchecked, neg_unchecked)
READER(neg_outer_memcpy, neg_outer_memcpy)
READER(neg_member_cast, neg_member_cast)
struct neg_wrapper_writes { long *neg_wrapper_writes; };
struct neg_wrapper_extern { long *neg_wrapper_extern; };
struct neg_wrapper_other { long *neg_wrapper_other; };
struct neg_wrapper_uninit { long *neg_wrapper_uninit; };
READER(neg_wrapper_writes, neg_wrapper_writes)
READER(neg_wrapper_extern, neg_wrapper_extern)
READER(neg_wrapper_other, neg_wrapper_other)
READER(neg_wrapper_uninit, neg_wrapper_uninit)

static long cell = 7;

static void set_table(struct pos_table *t) { t->pos_table = &cell; }
static void (*const setters[1])(struct pos_table *) = {set_table};
static void take_void(void *p) { (void)p; }
static long by_value(struct neg_by_value v) { return *v.neg_by_value; }
static struct neg_returned returned(void)
{
	struct neg_returned r;
	r.neg_returned = &cell;
	return r;
}
/* allocation wrappers: fresh memory as malloc gave it, or not */
static void *xmalloc(size_t n)
{
	void *p = malloc(n);
	if (!p)
		abort();
	return p;
}
static void *xzalloc(size_t n) { return n ? xmalloc(n) : calloc(1, 1); }
static void *dirty(size_t n)
{
	void *p = malloc(n);
	if (p != NULL)
		memset(p, 0xff, n);
	return p;
}
void *ext_alloc(size_t n) { return malloc(n); }
static void *other(size_t n, void *raw)
{
	void *p = malloc(n);
	if (raw)
		p = raw;
	return p;
}
static void *uninit(size_t n)
{
	void *p;
	if (n)
		p = malloc(n);
	return p;
}
__attribute__((no_sanitize_address)) static void unchecked(struct neg_unchecked *u) { u->neg_unchecked = &cell; }

long use_all(void *raw)
{
	long sum = 0;
	struct pos_local l;
	struct pos_heap *h = malloc(sizeof *h);
	struct pos_calloc *c = raw ? calloc(1, sizeof *c) : malloc(sizeof *c);
	struct pos_table t;
	struct pos_null n;
	l.pos_local = &cell;
	sum += read_pos_local(&l);
	h->pos_heap = &cell;
	h->pos_next = NULL;
	sum += read_pos_heap(h);
	free(h);
	c->pos_calloc = &cell;
	sum += read_pos_calloc(c);
	free(c);
	setters[0](&t);
	sum += read_pos_table(&t);
	n.pos_null = NULL;
	n.pos_null = &cell;
	sum += read_pos_null(&n);

	struct neg_addr a;
	long **pp = &a.neg_addr;
	*pp = &cell;
	sum += read_neg_addr(&a);
	struct neg_memcpy m1, m2;
	m1.neg_memcpy = &cell;
	memcpy(&m2, &m1, sizeof m2);
	sum += read_neg_memcpy(&m2);
	struct neg_memset ms;
	memset(&ms, 0, sizeof ms);
	ms.neg_memset = &cell;
	sum += read_neg_memset(&ms);
	union holds_neg_union u;
	u.s.neg_union = &cell;
	sum += read_neg_union(&u.s);
	struct neg_char_cast cc;
	cc.neg_char_cast = &cell;
	((char *)&cc)[0] ^= 0;
	sum += read_neg_char_cast(&cc);
	struct neg_unknown_fn uf;
	fill_unknown(&uf);
	sum += read_neg_unknown_fn(&uf);
	struct neg_oob_index arr[2];
	arr[0].neg_oob_index = &cell;
	sum += read_neg_oob_index(&arr[0]) + (&arr[2] != &arr[1]);
	volatile struct neg_volatile_obj vo;
	vo.neg_volatile_obj = &cell;
	sum += read_neg_volatile_obj((struct neg_volatile_obj *)&vo);
	struct neg_volatile_member vm;
	vm.neg_volatile_member = &cell;
	sum += read_neg_volatile_member(&vm);
	struct neg_whole_copy w1, w2;
	w1.neg_whole_copy = &cell;
	w2 = w1;
	sum += read_neg_whole_copy(&w2);
	struct neg_initialized in = {&cell};
	sum += read_neg_initialized(&in);
	struct neg_by_value bv;
	bv.neg_by_value = &cell;
	sum += by_value(bv) + read_neg_by_value(&bv);
	struct neg_returned rv;
	rv.neg_returned = &cell;
	sum += read_neg_returned(&rv) + *returned().neg_returned;
	struct neg_int_cast ic;
	ic.neg_int_cast = &cell;
	sum += read_neg_int_cast(&ic) + ((unsigned long)&ic & 1);
	struct neg_void_param vp;
	vp.neg_void_param = &cell;
	take_void(&vp);
	sum += read_neg_void_param(&vp);
	struct neg_member_arg ma;
	ma.neg_member_arg = &cell;
	strcpy(ma.buf, "abc");
	sum += read_neg_member_arg(&ma);
	struct neg_anon an;
	an.neg_anon = &cell;
	sum += read_neg_anon(&an);
	struct neg_aligned al;
	al.neg_aligned = &cell;
	sum += read_neg_aligned(&al);
	struct neg_from_void *fv = raw;
	sum += read_neg_from_void(fv);
	struct neg_variadic va;
	va.neg_variadic = &cell;
	printf("%p\n", &va);
	sum += read_neg_variadic(&va);
	struct neg_unchecked uc;
	unchecked(&uc);
	sum += read_neg_unchecked(&uc);
	struct holds_outer ho;
	ho.in.neg_outer_memcpy = &cell;
	memset(&ho, 0, sizeof ho);
	sum += read_neg_outer_memcpy(&ho.in);
	struct neg_member_cast mc;
	mc.neg_member_cast = &cell;
	long *wide = (void *)&mc.n;
	*wide = 0;
	sum += read_neg_member_cast(&mc);
	struct pos_wrapped *wr = xmalloc(sizeof *wr);
	wr->pos_wrapped = &cell;
	sum += read_pos_wrapped(wr);
	free(wr);
	struct pos_rewrapped *rw = xzalloc(sizeof *rw);
	rw->pos_rewrapped = &cell;
	sum += read_pos_rewrapped(rw);
	free(rw);
	struct neg_wrapper_writes *ww = dirty(sizeof *ww);
	ww->neg_wrapper_writes = &cell;
	sum += read_neg_wrapper_writes(ww);
	struct neg_wrapper_extern *we = ext_alloc(sizeof *we);
	we->neg_wrapper_extern = &cell;
	sum += read_neg_wrapper_extern(we);
	struct neg_wrapper_other *wo = other(sizeof *wo, raw);
	wo->neg_wrapper_other = &cell;
	sum += read_neg_wrapper_other(wo);
	struct neg_wrapper_uninit *wu = uninit(sizeof *wu);
	wu->neg_wrapper_uninit = &cell;
	sum += read_neg_wrapper_uninit(wu);
	return sum;
}
