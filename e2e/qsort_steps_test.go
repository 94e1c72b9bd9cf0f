package e2e

import (
	"bytes"
	"slices"
	"testing"

	"memlens/internal/report"
)

// TestQsortComparatorSteps: qsort's comparator takes its arguments with one
// step of the array's word at the call of qsort, made again only once the
// thread has put another step into the ring, not a step an argument a
// comparison: a sort of thousands of comparisons leaves a small ring the
// steps of a pointer made before it (with a step an argument, the chain of
// kept says its older steps are gone), and a comparator's chain still
// goes through the call of qsort.
func TestQsortComparatorSteps(t *testing.T) {
	t.Parallel()
	prog := buildCode(t, "qsort_steps.c", `#include <stdlib.h>
struct rec { int key; };
static const struct rec *last;
static char *slot;
static int cmp(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;
	return (x->key > y->key) - (x->key < y->key);
}
static int cmp_keep(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;
	last = x;
	return (x->key > y->key) - (x->key < y->key);
}
int main(int argc, char **argv)
{
	char *made = malloc(8);
	char *kept = made;
	struct rec *r = malloc(4096 * sizeof *r);
	(void)argv;
	slot = kept; /* kept's step, in the ring before the sort */
	for (int i = 0; i < 4096; i++)
		r[i].key = (int)((i * 2654435761u) % 4096);
	if (argc > 1) {
		qsort(r, 4096, sizeof *r, cmp_keep);
		free(r);
		free(made);
		return last->key; /* DANGLING-POINTER-DEREF: through the comparator's x */
	}
	qsort(r, 4096, sizeof *r, cmp); /* tens of thousands of comparisons */
	free(made);
	free(r);
	return kept[1] + (slot != 0); /* DANGLING-POINTER-DEREF: kept's chain from before the sort */
}
`)
	recs, text := runExplain(t, prog, ":explain_ring=1024")
	lines := func(c []report.Step) []int {
		var l []int
		for _, s := range c {
			l = append(l, s.Line)
		}
		return l
	}
	if len(recs) != 1 || recs[0].Kind != "DANGLING-POINTER-DEREF" || len(recs[0].Chains) == 0 {
		t.Fatalf("records %v\n%s", recs, text)
	}
	if c := recs[0].Chains[0]; !slices.Equal(lines(c), []int{19, 18}) || c[1].Origin != report.OriginAllocation {
		t.Errorf("kept's chain %+v: want kept = made (19), made = malloc(8) (18)", c)
	}
	if bytes.Contains(text, []byte("older steps are gone")) {
		t.Errorf("the sort's comparisons pushed kept's steps out of the ring:\n%s", text)
	}

	recs, _ = runExplain(t, prog, "", "keep") // (exits non-zero: errors are reported)
	i := slices.IndexFunc(recs, func(r report.Record) bool { return r.Kind == "DANGLING-POINTER-DEREF" })
	if i < 0 || len(recs[i].Chains) == 0 {
		t.Fatalf("through the comparator: records %v", recs)
	}
	if c := recs[i].Chains[0]; !slices.Equal(lines(c), []int{13, 12, 26, 20}) || c[3].Origin != report.OriginAllocation {
		t.Errorf("last's chain %+v: want last = x (13), x = a (12), the call of qsort (26), r = malloc (20)", c)
	}
}
