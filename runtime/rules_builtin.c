/* rules_builtin.c: the built-in detectors. GENERATED from
 * internal/rules/default.rules by `memlens rules gen -builtin` (regenerate with
 * go test ./internal/rules -run TestBuiltinGenerated -update); DO NOT EDIT.
 *
 * One function per clause of a rule, its condition in paper 000's
 * three-valued reading (rules.h); the table lists them in rule order, which
 * is their precedence at each detection point (detectors.c runs it). */
#include "rules.h"

/* def NearNull(r) = r < NULL + 4096 */
/* def Outside(r, n) = r < Begin(r) || r + n > End(r) */

/* INVALID-DEREF: detect deref r
 *   when Invalid(r)
 *   locate VPC(r) */
static int mlr_invalid_deref(struct ml_event *ev, struct ml_fired *fired)
{
	struct ml_rref v0 __attribute__((unused));
	int d0 __attribute__((unused)) = 0;
	ml_rref_event(&v0, ev);
	d0 = 1;
	if (((d0) ? ((ml_r_invalid(&v0)) ? ML_T : ML_F) : ML_U) != ML_T)
		return 0;
	if (d0)
		ml_locate_ref(fired, &v0, "the pointer r");
	return 1;
}

/* NULL-POINTER-DEREF: detect deref r
 *   when NearNull(r)
 *   locate VPC(r) */
static int mlr_null_pointer_deref(struct ml_event *ev, struct ml_fired *fired)
{
	struct ml_rref v0 __attribute__((unused));
	int d0 __attribute__((unused)) = 0;
	ml_rref_event(&v0, ev);
	d0 = 1;
	if (({ ((d0) ? (((v0.p) < ((((uptr)0) + ((uint64_t)0x1000ULL)))) ? ML_T : ML_F) : ML_U); }) != ML_T)
		return 0;
	if (d0)
		ml_locate_ref(fired, &v0, "the pointer r");
	return 1;
}

/* DANGLING-POINTER-DEREF: detect deref r
 *   when Allocated(r) && Freed(r, r1)
 *   locate VPC(r), VPC(r1) */
static int mlr_dangling_pointer_deref(struct ml_event *ev, struct ml_fired *fired)
{
	struct ml_rref v0 __attribute__((unused));
	int d0 __attribute__((unused)) = 0;
	struct ml_rref v1 __attribute__((unused));
	int d1 __attribute__((unused)) = 0;
	int t1 __attribute__((unused));
	ml_rref_event(&v0, ev);
	d0 = 1;
	if (({ t1 = ((d0) ? ((ml_r_allocated(&v0)) ? ML_T : ML_F) : ML_U); t1 == ML_F ? ML_F : ml_and3(t1, ((d0) ? (ml_r_freed(&v0, &v1) ? (d1 = 1, ML_T) : ML_F) : ML_U)); }) != ML_T)
		return 0;
	if (d0)
		ml_locate_ref(fired, &v0, "the pointer r");
	if (d1)
		ml_locate_ref(fired, &v1, "the pointer r1");
	return 1;
}

/* USE-AFTER-RETURN: detect deref r
 *   when Local(r) && Popped(r) && Returned(r)
 *   locate VPC(r) */
static int mlr_use_after_return(struct ml_event *ev, struct ml_fired *fired)
{
	struct ml_rref v0 __attribute__((unused));
	int d0 __attribute__((unused)) = 0;
	int t1 __attribute__((unused));
	int t2 __attribute__((unused));
	ml_rref_event(&v0, ev);
	d0 = 1;
	if (({ t1 = ({ t2 = ((d0) ? ((ml_r_local(&v0)) ? ML_T : ML_F) : ML_U); t2 == ML_F ? ML_F : ml_and3(t2, ((d0) ? ((ml_r_popped(&v0)) ? ML_T : ML_F) : ML_U)); }); t1 == ML_F ? ML_F : ml_and3(t1, ((d0) ? ((ml_r_returned(&v0)) ? ML_T : ML_F) : ML_U)); }) != ML_T)
		return 0;
	if (d0)
		ml_locate_ref(fired, &v0, "the pointer r");
	return 1;
}

/* USE-AFTER-SCOPE: detect deref r
 *   when Local(r) && Popped(r) && !Returned(r)
 *   locate VPC(r) */
static int mlr_use_after_scope(struct ml_event *ev, struct ml_fired *fired)
{
	struct ml_rref v0 __attribute__((unused));
	int d0 __attribute__((unused)) = 0;
	int t1 __attribute__((unused));
	int t2 __attribute__((unused));
	ml_rref_event(&v0, ev);
	d0 = 1;
	if (({ t1 = ({ t2 = ((d0) ? ((ml_r_local(&v0)) ? ML_T : ML_F) : ML_U); t2 == ML_F ? ML_F : ml_and3(t2, ((d0) ? ((ml_r_popped(&v0)) ? ML_T : ML_F) : ML_U)); }); t1 == ML_F ? ML_F : ml_and3(t1, ml_not3(((d0) ? ((ml_r_returned(&v0)) ? ML_T : ML_F) : ML_U))); }) != ML_T)
		return 0;
	if (d0)
		ml_locate_ref(fired, &v0, "the pointer r");
	return 1;
}

/* HEAP-BUFFER-OVERFLOW: detect deref r, n
 *   when Allocated(r) && !Freed(r, _) && Outside(r, n)
 *   locate VPC(r) */
static int mlr_heap_buffer_overflow(struct ml_event *ev, struct ml_fired *fired)
{
	struct ml_rref v0 __attribute__((unused));
	int d0 __attribute__((unused)) = 0;
	uint64_t v1 __attribute__((unused)) = 0;
	int d1 __attribute__((unused)) = 0;
	int t1 __attribute__((unused));
	int t2 __attribute__((unused));
	int t3 __attribute__((unused));
	ml_rref_event(&v0, ev);
	d0 = 1;
	v1 = ev->n;
	d1 = 1;
	if (({ t1 = ({ t2 = ((d0) ? ((ml_r_allocated(&v0)) ? ML_T : ML_F) : ML_U); t2 == ML_F ? ML_F : ml_and3(t2, ml_not3(((d0) ? ((ml_r_freed(&v0, 0)) ? ML_T : ML_F) : ML_U))); }); t1 == ML_F ? ML_F : ml_and3(t1, ({ ({ t3 = ((d0 && d0 && ml_r_known(&v0)) ? (((v0.p) < (ml_r_begin(&v0))) ? ML_T : ML_F) : ML_U); t3 == ML_T ? ML_T : ml_or3(t3, ((d0 && d1 && d0 && ml_r_known(&v0)) ? (((((v0.p) + (v1))) > (ml_r_end(&v0))) ? ML_T : ML_F) : ML_U)); }); })); }) != ML_T)
		return 0;
	if (d0)
		ml_locate_ref(fired, &v0, "the pointer r");
	return 1;
}

/* STACK-BUFFER-OVERFLOW: detect deref r, n
 *   when Local(r) && !Popped(r) && Outside(r, n)
 *   locate VPC(r) */
static int mlr_stack_buffer_overflow_0(struct ml_event *ev, struct ml_fired *fired)
{
	struct ml_rref v0 __attribute__((unused));
	int d0 __attribute__((unused)) = 0;
	uint64_t v1 __attribute__((unused)) = 0;
	int d1 __attribute__((unused)) = 0;
	int t1 __attribute__((unused));
	int t2 __attribute__((unused));
	int t3 __attribute__((unused));
	ml_rref_event(&v0, ev);
	d0 = 1;
	v1 = ev->n;
	d1 = 1;
	if (({ t1 = ({ t2 = ((d0) ? ((ml_r_local(&v0)) ? ML_T : ML_F) : ML_U); t2 == ML_F ? ML_F : ml_and3(t2, ml_not3(((d0) ? ((ml_r_popped(&v0)) ? ML_T : ML_F) : ML_U))); }); t1 == ML_F ? ML_F : ml_and3(t1, ({ ({ t3 = ((d0 && d0 && ml_r_known(&v0)) ? (((v0.p) < (ml_r_begin(&v0))) ? ML_T : ML_F) : ML_U); t3 == ML_T ? ML_T : ml_or3(t3, ((d0 && d1 && d0 && ml_r_known(&v0)) ? (((((v0.p) + (v1))) > (ml_r_end(&v0))) ? ML_T : ML_F) : ML_U)); }); })); }) != ML_T)
		return 0;
	if (d0)
		ml_locate_ref(fired, &v0, "the pointer r");
	return 1;
}

/* STACK-BUFFER-OVERFLOW: detect index a[i]
 *   when Local(a) && i >= Len(a) */
static int mlr_stack_buffer_overflow_1(struct ml_event *ev, struct ml_fired *fired)
{
	const struct __ml_array *v0 __attribute__((unused)) = 0;
	int d0 __attribute__((unused)) = 0;
	uint64_t v1 __attribute__((unused)) = 0;
	int d1 __attribute__((unused)) = 0;
	int t1 __attribute__((unused));
	(void)fired;
	v0 = ev->arr;
	d0 = 1;
	v1 = ev->index;
	d1 = 1;
	if (({ t1 = ((d0) ? ((ml_a_local(v0)) ? ML_T : ML_F) : ML_U); t1 == ML_F ? ML_F : ml_and3(t1, ((d1 && d0) ? (((v1) >= ((v0)->len)) ? ML_T : ML_F) : ML_U)); }) != ML_T)
		return 0;
	return 1;
}

/* GLOBAL-BUFFER-OVERFLOW: detect deref r, n
 *   when Global(r) && Outside(r, n)
 *   locate VPC(r) */
static int mlr_global_buffer_overflow_0(struct ml_event *ev, struct ml_fired *fired)
{
	struct ml_rref v0 __attribute__((unused));
	int d0 __attribute__((unused)) = 0;
	uint64_t v1 __attribute__((unused)) = 0;
	int d1 __attribute__((unused)) = 0;
	int t1 __attribute__((unused));
	int t2 __attribute__((unused));
	ml_rref_event(&v0, ev);
	d0 = 1;
	v1 = ev->n;
	d1 = 1;
	if (({ t1 = ((d0) ? ((ml_r_global(&v0)) ? ML_T : ML_F) : ML_U); t1 == ML_F ? ML_F : ml_and3(t1, ({ ({ t2 = ((d0 && d0 && ml_r_known(&v0)) ? (((v0.p) < (ml_r_begin(&v0))) ? ML_T : ML_F) : ML_U); t2 == ML_T ? ML_T : ml_or3(t2, ((d0 && d1 && d0 && ml_r_known(&v0)) ? (((((v0.p) + (v1))) > (ml_r_end(&v0))) ? ML_T : ML_F) : ML_U)); }); })); }) != ML_T)
		return 0;
	if (d0)
		ml_locate_ref(fired, &v0, "the pointer r");
	return 1;
}

/* GLOBAL-BUFFER-OVERFLOW: detect index a[i]
 *   when Global(a) && i >= Len(a) */
static int mlr_global_buffer_overflow_1(struct ml_event *ev, struct ml_fired *fired)
{
	const struct __ml_array *v0 __attribute__((unused)) = 0;
	int d0 __attribute__((unused)) = 0;
	uint64_t v1 __attribute__((unused)) = 0;
	int d1 __attribute__((unused)) = 0;
	int t1 __attribute__((unused));
	(void)fired;
	v0 = ev->arr;
	d0 = 1;
	v1 = ev->index;
	d1 = 1;
	if (({ t1 = ((d0) ? ((ml_a_global(v0)) ? ML_T : ML_F) : ML_U); t1 == ML_F ? ML_F : ml_and3(t1, ((d1 && d0) ? (((v1) >= ((v0)->len)) ? ML_T : ML_F) : ML_U)); }) != ML_T)
		return 0;
	return 1;
}

/* READ-ONLY-WRITE: detect deref_w r, n
 *   when ReadOnly(r) && !Outside(r, n)
 *   locate VPC(r) */
static int mlr_read_only_write(struct ml_event *ev, struct ml_fired *fired)
{
	struct ml_rref v0 __attribute__((unused));
	int d0 __attribute__((unused)) = 0;
	uint64_t v1 __attribute__((unused)) = 0;
	int d1 __attribute__((unused)) = 0;
	int t1 __attribute__((unused));
	int t2 __attribute__((unused));
	ml_rref_event(&v0, ev);
	d0 = 1;
	v1 = ev->n;
	d1 = 1;
	if (({ t1 = ((d0 && ml_r_known(&v0)) ? ((ml_r_readonly(&v0)) ? ML_T : ML_F) : ML_U); t1 == ML_F ? ML_F : ml_and3(t1, ml_not3(({ ({ t2 = ((d0 && d0 && ml_r_known(&v0)) ? (((v0.p) < (ml_r_begin(&v0))) ? ML_T : ML_F) : ML_U); t2 == ML_T ? ML_T : ml_or3(t2, ((d0 && d1 && d0 && ml_r_known(&v0)) ? (((((v0.p) + (v1))) > (ml_r_end(&v0))) ? ML_T : ML_F) : ML_U)); }); }))); }) != ML_T)
		return 0;
	if (d0)
		ml_locate_ref(fired, &v0, "the pointer r");
	return 1;
}

/* DOUBLE-FREE: detect free r
 *   when Allocated(r) && Freed(r, r1)
 *   locate VPC(r), VPC(r1) */
static int mlr_double_free(struct ml_event *ev, struct ml_fired *fired)
{
	struct ml_rref v0 __attribute__((unused));
	int d0 __attribute__((unused)) = 0;
	struct ml_rref v1 __attribute__((unused));
	int d1 __attribute__((unused)) = 0;
	int t1 __attribute__((unused));
	ml_rref_event(&v0, ev);
	d0 = 1;
	if (({ t1 = ((d0) ? ((ml_r_allocated(&v0)) ? ML_T : ML_F) : ML_U); t1 == ML_F ? ML_F : ml_and3(t1, ((d0) ? (ml_r_freed(&v0, &v1) ? (d1 = 1, ML_T) : ML_F) : ML_U)); }) != ML_T)
		return 0;
	if (d0)
		ml_locate_ref(fired, &v0, "the pointer r");
	if (d1)
		ml_locate_ref(fired, &v1, "the pointer r1");
	return 1;
}

/* UNMATCHED-FREE: detect free r
 *   when !Allocated(r) || r != Begin(r)
 *   locate VPC(r) */
static int mlr_unmatched_free(struct ml_event *ev, struct ml_fired *fired)
{
	struct ml_rref v0 __attribute__((unused));
	int d0 __attribute__((unused)) = 0;
	int t1 __attribute__((unused));
	ml_rref_event(&v0, ev);
	d0 = 1;
	if (({ t1 = ml_not3(((d0) ? ((ml_r_allocated(&v0)) ? ML_T : ML_F) : ML_U)); t1 == ML_T ? ML_T : ml_or3(t1, ((d0 && d0 && ml_r_known(&v0)) ? (((v0.p) != (ml_r_begin(&v0))) ? ML_T : ML_F) : ML_U)); }) != ML_T)
		return 0;
	if (d0)
		ml_locate_ref(fired, &v0, "the pointer r");
	return 1;
}

/* INTRA-OBJECT-OVERFLOW: detect index a[i]
 *   when Member(a) && i >= Len(a) */
static int mlr_intra_object_overflow(struct ml_event *ev, struct ml_fired *fired)
{
	const struct __ml_array *v0 __attribute__((unused)) = 0;
	int d0 __attribute__((unused)) = 0;
	uint64_t v1 __attribute__((unused)) = 0;
	int d1 __attribute__((unused)) = 0;
	int t1 __attribute__((unused));
	(void)fired;
	v0 = ev->arr;
	d0 = 1;
	v1 = ev->index;
	d1 = 1;
	if (({ t1 = ((d0) ? ((ml_a_member(v0)) ? ML_T : ML_F) : ML_U); t1 == ML_F ? ML_F : ml_and3(t1, ((d1 && d0) ? (((v1) >= ((v0)->len)) ? ML_T : ML_F) : ML_U)); }) != ML_T)
		return 0;
	return 1;
}

/* UNINITIALIZED-READ: detect use v
 *   when Undefined(v)
 *   locate VPC(v) */
static int mlr_uninitialized_read(struct ml_event *ev, struct ml_fired *fired)
{
	int d0 __attribute__((unused)) = 0;
	d0 = 1;
	if (((d0) ? ((ev->point == ML_USE) ? ML_T : ML_F) : ML_U) != ML_T)
		return 0;
	ml_locate_undef(fired);
	return 1;
}

/* MEMORY-LEAK: detect leak b
 *   when Lost(b) */
static int mlr_memory_leak(struct ml_event *ev, struct ml_fired *fired)
{
	struct ml_rref v0 __attribute__((unused));
	int d0 __attribute__((unused)) = 0;
	(void)fired;
	ml_rref_event(&v0, ev);
	d0 = 1;
	if (((ev->point == ML_LEAK && ev->leak) ? ML_T : ML_F) != ML_T)
		return 0;
	return 1;
}

const struct ml_detector ml_builtin_detectors[] = {
	{ML_INVALID_DEREF, ML_AT(ML_DEREF_R) | ML_AT(ML_DEREF_W), -1, mlr_invalid_deref},
	{ML_NULL_POINTER_DEREF, ML_AT(ML_DEREF_R) | ML_AT(ML_DEREF_W), -1, mlr_null_pointer_deref},
	{ML_DANGLING_POINTER_DEREF, ML_AT(ML_DEREF_R) | ML_AT(ML_DEREF_W), -1, mlr_dangling_pointer_deref},
	{ML_USE_AFTER_RETURN, ML_AT(ML_DEREF_R) | ML_AT(ML_DEREF_W), -1, mlr_use_after_return},
	{ML_USE_AFTER_SCOPE, ML_AT(ML_DEREF_R) | ML_AT(ML_DEREF_W), -1, mlr_use_after_scope},
	{ML_HEAP_BUFFER_OVERFLOW, ML_AT(ML_DEREF_R) | ML_AT(ML_DEREF_W), -1, mlr_heap_buffer_overflow},
	{ML_STACK_BUFFER_OVERFLOW, ML_AT(ML_DEREF_R) | ML_AT(ML_DEREF_W), -1, mlr_stack_buffer_overflow_0},
	{ML_STACK_BUFFER_OVERFLOW, ML_AT(ML_INDEX), -1, mlr_stack_buffer_overflow_1},
	{ML_GLOBAL_BUFFER_OVERFLOW, ML_AT(ML_DEREF_R) | ML_AT(ML_DEREF_W), -1, mlr_global_buffer_overflow_0},
	{ML_GLOBAL_BUFFER_OVERFLOW, ML_AT(ML_INDEX), -1, mlr_global_buffer_overflow_1},
	{ML_READ_ONLY_WRITE, ML_AT(ML_DEREF_W), -1, mlr_read_only_write},
	{ML_DOUBLE_FREE, ML_AT(ML_FREE), -1, mlr_double_free},
	{ML_UNMATCHED_FREE, ML_AT(ML_FREE), -1, mlr_unmatched_free},
	{ML_INTRA_OBJECT_OVERFLOW, ML_AT(ML_INDEX), -1, mlr_intra_object_overflow},
	{ML_UNINITIALIZED_READ, ML_AT(ML_USE), -1, mlr_uninitialized_read},
	{ML_MEMORY_LEAK, ML_AT(ML_LEAK), -1, mlr_memory_leak},
};
const unsigned ml_builtin_ndetectors = sizeof ml_builtin_detectors / sizeof ml_builtin_detectors[0];
