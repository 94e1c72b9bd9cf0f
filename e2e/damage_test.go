package e2e

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"memlens/internal/corpus"
)

// Wild writes into memlens's own tables (runtime/damage.c)
// through pointers no check stops: a pointer memlens knows nothing about
// (WILD: here argv[0]'s, moved far) is not checked, so its stores land.
// The runtime must find the damage before it follows it, say so in one
// line naming the last statement it saw, and let the program end as it
// would: no crash of the runtime, no bogus report, no hang. (Corpus
// programs inv_wild_into_* cover addresses made from integers, whose
// access is reported and refused.)

// In full mode the store's definedness shadow faults first: an
// INVALID-DEREF report at the store.
//
// The program's target: 0 a record of the record table, 1 the stack depot
// (a report being built then reads its stacks there), 2 a heap record's
// bounds (the leak check would scan garbage).
const damageCode = `#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static long *far_from(char *known, uintptr_t target)
{
	return (long *)(known + (target - (uintptr_t)known));
}

int main(int argc, char **argv)
{
	int which = argc > 1 ? atoi(argv[1]) : 0;
	char **keep = malloc(8 * sizeof *keep);
	for (int i = 0; i < 8; i++)
		keep[i] = malloc(32);
	char *lost = malloc(40);
	lost[0] = 1;
	/* the record table: 32-byte records, the blocks' from slot 4096
	 * (__ML_FIRST_SLOT) on, in the order of their ids; lost is #10 */
	uintptr_t target = which == 0 ? 0x400000000000UL + 32 * 4096
	                 : which == 1 ? 0x630100000000UL
	                              : 0x400000000000UL + 32 * (4096 + 10) + 8;
	long *p = far_from(argv[0] + 1, target);
	for (int i = 0; i < (which == 2 ? 1 : 160); i++)
		p[i] = 0x4141414141414141L; /* wild */
	lost = 0;
	for (int i = 0; i < 8; i++) {
		keep[i][0] = 2; /* seen */
		free(keep[i]);
	}
	free(keep);
	puts("done");
	return 0;
}
`

func TestStateDamage(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	_, exes := sigBuild(t, dir, "damage", damageCode, nil, false)
	seen, wild := 0, 0
	for i, l := range strings.Split(damageCode, "\n") {
		if strings.Contains(l, "/* seen */") {
			seen = i + 1
		}
		if strings.Contains(l, "/* wild */") {
			wild = i + 1
		}
	}
	damaged := regexp.MustCompile(`(?m)^==\d+== memlens: memlens's state was damaged \(([^)]*)\); the last statement memlens saw: damage\.c:(\d+) in main \(thread T0\): .*$`)
	cases := []struct {
		table string
		line  int // 0: any
	}{{"record table", seen}, {"stack depot", 0}, {"record table", 0}}
	for _, exe := range exes {
		for which, c := range cases {
			t.Run(fmt.Sprintf("%s/%d", exe, which), func(t *testing.T) {
				o := execute(dir, filepath.Join(dir, exe), &corpus.Program{Args: []string{fmt.Sprint(which)}}, "")
				stderr := string(o.stderr)
				if exe == "inst-full" {
					// Full checking clears the definedness of what the
					// store writes: the shadow of memlens's own ranges is
					// not mapped, so the store faults at once, reported.
					if o.exit != -1 || !strings.Contains(stderr, fmt.Sprintf("SUMMARY: memlens: INVALID-DEREF damage.c:%d in main", wild)) {
						t.Fatalf("%s; want an INVALID-DEREF report at damage.c:%d and SIGSEGV\n%s", o.status, wild, head(o.stderr))
					}
					return
				}
				if o.exit != 23 || string(o.stdout) != "done\n" {
					t.Fatalf("%s, stdout %q; want exit status 23 and \"done\"\n%s", o.status, o.stdout, head(o.stderr))
				}
				m := damaged.FindAllStringSubmatch(stderr, -1)
				if len(m) != 1 || strings.Count(stderr, "\n") != 1 {
					t.Fatalf("want one line saying memlens's state was damaged, and nothing else:\n%s", head(o.stderr))
				}
				if !strings.Contains(m[0][1], c.table) {
					t.Errorf("damage found in %q, want the %s", m[0][1], c.table)
				}
				if c.line != 0 && m[0][2] != fmt.Sprint(c.line) {
					t.Errorf("statement damage.c:%s, want damage.c:%d", m[0][2], c.line)
				}
			})
		}
	}
}

// Wild writes where memlens's state used to be, and far into its record
// table: 0 runs a global array's unchecked pointer to the end of the
// program's .bss (where the runtime's report buffers, lock words and
// options were: now in a mapping of their own, internal.h ML_STATE_ADDR);
// 1 writes record 3,000,000 of the record table, past the part in use,
// which is inaccessible (records.c opens it as slots are handed out).
const neighbourCode = `#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

extern char _end[];
static long table[16];

static long *far_from(char *known, uintptr_t target)
{
	return (long *)(known + (target - (uintptr_t)known));
}

int main(int argc, char **argv)
{
	int which = argc > 1 ? atoi(argv[1]) : 0;
	char **keep = malloc(8 * sizeof *keep);
	for (int i = 0; i < 8; i++)
		keep[i] = malloc(32);
	char *lost = malloc(40);
	lost[0] = 1;
	long *p = far_from(argv[0] + 1, which == 0 ? (uintptr_t)table : 0x400000000000UL + 32UL * 3000000);
	long *end = which == 0 ? (long *)(_end - sizeof(long)) : p + 1;
	for (long *q = p; q < end; q++)
		*q = 0x4141414141414141L; /* wild */
	lost = 0;
	for (int i = 0; i < 8; i++) {
		keep[i][0] = 2;
		free(keep[i]);
	}
	free(keep);
	puts("done");
	return 0;
}
`

func TestStateDamageNeighbours(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	_, exes := sigBuild(t, dir, "neighbour", neighbourCode, nil, false)
	wild, lost := 0, 0
	for i, l := range strings.Split(neighbourCode, "\n") {
		if strings.Contains(l, "/* wild */") {
			wild = i + 1
		}
		if strings.Contains(l, "lost = 0;") {
			lost = i + 1
		}
	}
	damaged := regexp.MustCompile(`(?m)^==\d+== memlens: memlens's state was damaged \([^)]*\); the last statement memlens saw: neighbour\.c:\d+ in main \(thread T0\): .*$`)
	for _, exe := range exes {
		for which := 0; which < 2; which++ {
			t.Run(fmt.Sprintf("%s/%d", exe, which), func(t *testing.T) {
				o := execute(dir, filepath.Join(dir, exe), &corpus.Program{Args: []string{fmt.Sprint(which)}}, "")
				stderr := string(o.stderr)
				if which == 1 {
					// Full mode faults first on the store's definedness
					// shadow (inside memlens's ranges too).
					if o.exit != -1 || !strings.Contains(stderr, fmt.Sprintf("SUMMARY: memlens: INVALID-DEREF neighbour.c:%d in main", wild)) ||
						!regexp.MustCompile(`is inside memlens's (record table, past the part in use|definedness shadow)`).MatchString(stderr) {
						t.Fatalf("%s; want an INVALID-DEREF report at neighbour.c:%d naming memlens's table, and SIGSEGV\n%s", o.status, wild, head(o.stderr))
					}
					return
				}
				if o.exit != 23 || string(o.stdout) != "done\n" {
					t.Fatalf("%s, stdout %q; want exit status 23 and \"done\"\n%s", o.status, o.stdout, head(o.stderr))
				}
				if exe == "inst-full" {
					// Full checking finds the loss of lost at its
					// statement, before memlens sees the damage.
					leak := fmt.Sprintf("SUMMARY: memlens: MEMORY-LEAK neighbour.c:%d in main\n", lost)
					i := strings.Index(stderr, leak)
					if i < 0 || !strings.HasPrefix(stderr, "==") || strings.Count(stderr[:i], "SUMMARY") != 0 {
						t.Fatalf("want the MEMORY-LEAK report at neighbour.c:%d first:\n%s", lost, head(o.stderr))
					}
					stderr = stderr[i+len(leak):]
				}
				if m := damaged.FindAllString(stderr, -1); len(m) != 1 || strings.Count(stderr, "\n") != 1 {
					t.Fatalf("want one line saying memlens's state was damaged, and nothing else:\n%s", head(o.stderr))
				}
			})
		}
	}
}
