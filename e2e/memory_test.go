package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"memlens/internal/report"
)

// churnLive keeps 4096 blocks of varied sizes live and replaces one at
// each of its argv[1] rounds: every block freed at an address of its own,
// whose record slot is recycled (its details archived in the free
// history) once 64K others were freed after it.
const churnLive = `#include <stdio.h>
#include <stdlib.h>
` + smallPages + `
static long *live[4096];

int main(int argc, char **argv)
{
	long n = atol(argv[1]);
	unsigned long sum = 0;
	for (long i = 0; i < n; i++) {
		long **slot = &live[(i * 2654435761u) % 4096];
		free(*slot);
		*slot = malloc(24 + (size_t)(i % 7) * 16);
		if (*slot == NULL)
			return 1;
		**slot = i;
		sum += (unsigned long)**slot;
	}
	for (int i = 0; i < 4096; i++)
		free(live[i]);
	printf("%lu\n", sum);
	return 0;
}
`

// smallPages runs the program on small pages only (the huge pages memlens
// advises for its tables once they grow would round what a table costs to
// 2 MiB).
const smallPages = `#include <sys/prctl.h>

__attribute__((constructor)) static void small_pages(void)
{
	prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);
}
`

// storeSteps stores argv[1] pointers into memory: as many steps into
// memory, each an entry of the ring of value propagation steps and a meta
// beside it.
const storeSteps = `#include <stdio.h>
#include <stdlib.h>
` + smallPages + `
static int cells[128];
static int *slots[64];

int main(int argc, char **argv)
{
	long n = atol(argv[1]), sum = 0;
	for (long i = 0; i < n; i++)
		slots[i % 64] = &cells[i % 128];
	for (int i = 0; i < 64; i++)
		sum += slots[i] - cells;
	printf("%ld\n", sum);
	return 0;
}
`

// buildC writes src into a temporary directory and builds it with memlens
// (flags before the output); the program's path.
func buildC(t *testing.T, src string, flags ...string) string {
	t.Helper()
	return buildWith(t, []string{memlens, "cc"}, src, flags...)
}

// buildWith builds src as buildC does, with the compiler command cc (once
// a run: buildShared).
func buildWith(t *testing.T, cc []string, src string, flags ...string) string {
	t.Helper()
	b, err := buildShared(slices.Concat(cc, flags, []string{"-o", "p", "p.c"}), map[string][]byte{"p.c": []byte(src)})
	if err != nil {
		t.Fatalf("%s: %v\n%s", b.command(), err, b.out)
	}
	return filepath.Join(b.dir, "p")
}

var peakRSS struct {
	once sync.Once
	path string
	err  error
	out  []byte
}

// extraKiB returns how much more memory prog takes at its peak with
// options on than with options off, given arg; what is the feature on adds.
func extraKiB(t *testing.T, prog, off, on string, arg int, what string) int64 {
	t.Helper()
	without, with := leastPeakKiB(t, prog, off, arg), leastPeakKiB(t, prog, on, arg)
	t.Logf("peak %d KiB with %s, %d KiB without", with, what, without)
	return with - without
}

// leastPeakKiB is the least of three runs' peakKiB: a run's peak varies
// by a few hundred KiB (the guard once measured 4,360 KiB of explanations
// where repeated runs measured 3,900-4,100), never downwards of what the
// program needs.
func leastPeakKiB(t *testing.T, prog, options string, arg int) int64 {
	t.Helper()
	least := peakKiB(t, prog, options, arg)
	for range 2 {
		least = min(least, peakKiB(t, prog, options, arg))
	}
	return least
}

// peakKiB runs prog with MEMLENS_OPTIONS=options and one argument through
// memlens bench's helper (the ru_maxrss Go reads of a child includes the Go
// process's, which it was vforked from); its peak resident memory in KiB,
// which the machine's load does not change.
func peakKiB(t *testing.T, prog, options string, arg int) int64 {
	t.Helper()
	peakRSS.once.Do(func() { // (beside memlens, in TestMain's directory)
		peakRSS.path = filepath.Join(filepath.Dir(memlens), "peakrss")
		peakRSS.out, peakRSS.err = exec.Command(gcc, "-O2", "-o", peakRSS.path, "../internal/bench/helper/peakrss.c").CombinedOutput()
	})
	if peakRSS.err != nil {
		t.Fatalf("building the peak-memory helper: %v\n%s", peakRSS.err, peakRSS.out)
	}
	file := filepath.Join(t.TempDir(), "peak")
	cmd := exec.Command(peakRSS.path, file, prog, strconv.Itoa(arg))
	cmd.Env = append(os.Environ(), "MEMLENS_OPTIONS="+options)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %d: %v\n%s", prog, arg, err, out)
	}
	text, err := os.ReadFile(file)
	kib, perr := strconv.ParseInt(strings.TrimSpace(string(text)), 10, 64)
	if err != nil || perr != nil {
		t.Fatalf("%s %d: no peak memory (%v, %v)", prog, arg, err, perr)
	}
	return kib
}

// TestFreeHistoryCostsItsEntries: the first 4000 blocks archived in the
// free history cost their entries (64 bytes each), not a page of an index
// apiece (an index hashed by address dirtied 4 MiB for them).
func TestFreeHistoryCostsItsEntries(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	prog := buildC(t, churnLive, "-O1")
	// (explanations off: the free provenance ring grows with frees too)
	before := peakKiB(t, prog, "explain=0", 68000) // a few archived
	after := peakKiB(t, prog, "explain=0", 72000)  // about 4000 more
	t.Logf("peak %d KiB after 68000 rounds, %d KiB after 72000", before, after)
	if after-before > 1024 {
		t.Errorf("peak memory %d KiB after 72000 rounds, %d KiB after 68000: 4000 blocks archived took %d KiB",
			after, before, after-before)
	}
}

// TestFreeHistoryEntrySize: a block archived in the free history costs
// its 40-byte entry (packed: base and generation in a word, id, kind and
// flags in another, size and lap in a third; the threads in a table
// written only when they are not main's), not 64 bytes: a program that
// recycles a million slots holds the whole ring (list.c: 64 MiB of its
// 93).
func TestFreeHistoryEntrySize(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	prog := buildC(t, churnLive, "-O1")
	const opts, fewer, more = "explain=0", 200000, 400000 // 200,000 more blocks archived
	before, after := leastPeakKiB(t, prog, opts, fewer), leastPeakKiB(t, prog, opts, more)
	perBlock := (after - before) * 1024 / (more - fewer)
	t.Logf("peak %d KiB after %d rounds, %d KiB after %d: %d bytes a block archived", before, fewer, after, more, perBlock)
	if perBlock > 44 {
		t.Errorf("%d more blocks archived took %d KiB, %d bytes each (at most 44)", more-fewer, after-before, perBlock)
	}
}

// growPointers grows an array of argv[1] pointers by realloc, doubling it.
const growPointers = `#include <stdio.h>
#include <stdlib.h>
` + smallPages + `
static long cell;

int main(int argc, char **argv)
{
	long n = atol(argv[1]), cap = 1;
	long **v = malloc(sizeof *v);
	if (v == NULL)
		return 1;
	for (long i = 0; i < n; i++) {
		if (i == cap) {
			cap *= 2;
			long **w = realloc(v, cap * sizeof *v);
			if (w == NULL)
				return 1;
			v = w;
		}
		v[i] = &cell;
	}
	printf("%ld\n", (long)(v[n - 1] - &cell));
	free(v);
	return 0;
}
`

// TestReallocShadowMemory: an array of pointers grown by realloc keeps the
// pointer shadow of where it is, not of every place it was: the shadow
// realloc forgets of the old block is handed back to the kernel, whole
// pages of it (8 MiB of pointers cost 16.8 MiB more than natively when the
// old arrays' shadow stayed resident, 9.0 MiB since).
func TestReallocShadowMemory(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	const n = 1 << 20 // 8 MiB of pointers
	native := buildWith(t, []string{gcc}, growPointers, "-O1")
	instrumented := buildC(t, growPointers, "-O1")
	const opts = "explain=0:detect_leaks=0"
	extra := leastPeakKiB(t, instrumented, opts, n) - leastPeakKiB(t, native, "", n)
	t.Logf("%d KiB more than natively for %d KiB of pointers", extra, n*8/1024)
	if extra > n*8/1024*3/2 {
		t.Errorf("an array of %d KiB of pointers grown by realloc took %d KiB more than natively (at most 1.5 times the array)",
			n*8/1024, extra)
	}
}

// recycledByThread has a thread make a block and free it by realloc; main
// then lets argv[1] other blocks come and go (enough of them recycle the
// block's record slot, whose details move into the free history) and
// reads through a pointer to it.
const recycledByThread = `#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static char *shared, *kept;

static void *worker(void *arg)
{
	(void)arg;
	shared = malloc(40);
	if (shared == NULL)
		return NULL;
	kept = shared;
	shared = realloc(shared, 4000);
	return NULL;
}

int main(int argc, char **argv)
{
	long n = atol(argv[1]);
	pthread_t t;
	if (pthread_create(&t, NULL, worker, NULL) || pthread_join(t, NULL))
		return 1;
	unsigned long sum = 0;
	for (long i = 0; i < n; i++) {
		long *scratch = malloc(24);
		if (scratch == NULL)
			return 1;
		*scratch = i;
		sum += (unsigned long)*scratch;
		free(scratch);
	}
	printf("%lu %d\n", sum, kept[3]);
	free(shared);
	return 0;
}
`

// TestFreeHistoryKeepsDetails: a block whose slot was recycled is reported
// from its history entry as it was from its slot: id, size, offset, the
// threads that made and freed it, the free by realloc and both stacks.
func TestFreeHistoryKeepsDetails(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	prog := buildC(t, recycledByThread, "-g", "-O1", "-pthread")
	block := func(rounds int) *report.Block {
		log := filepath.Join(t.TempDir(), "log.jsonl")
		cmd := exec.Command(prog, strconv.Itoa(rounds))
		cmd.Env = append(os.Environ(), "MEMLENS_OPTIONS=log_json="+log)
		cmd.Run() // exits non-zero: the error is reported
		recs, err := report.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) != 1 || recs[0].Kind != "DANGLING-POINTER-DEREF" || recs[0].Block == nil ||
			recs[0].Block.Alloc == nil || recs[0].Block.Free == nil {
			t.Fatalf("%d rounds: want one DANGLING-POINTER-DEREF with its block's events, got %+v", rounds, recs)
		}
		return recs[0].Block
	}
	inSlot, archived := block(10), block(100000)
	for _, b := range []*report.Block{inSlot, archived} {
		if b.Size != 40 || b.Offset != 3 || b.Alloc.Thread != 1 || b.Alloc.Line != 10 ||
			b.Free.Thread != 1 || b.Free.Line != 14 || !b.Free.ByRealloc {
			t.Errorf("block %+v (made %+v, freed %+v): want 40 bytes, offset 3, made at line 10 and freed by realloc at 14 by thread 1",
				*b, *b.Alloc, *b.Free)
		}
	}
	if inSlot.ID != archived.ID {
		t.Errorf("block #%d from its slot, #%d from the history", inSlot.ID, archived.ID)
	}
}

// TestStepRingCostsItsSteps: a run that wraps the ring of value propagation
// steps (262,144 slots) holds 16 bytes a slot, its steps into memory two
// slots each: not the clock that only programs counting statements note
// (it shared the meta's pages), nor entries of 32 bytes and a ring of
// metas beside them (40 bytes a step).
func TestStepRingCostsItsSteps(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	prog := buildC(t, storeSteps, "-O1")
	extra := extraKiB(t, prog, "explain=0", "explain=1", 1000000, "explanations")
	if ring := int64(262144 * 16 / 1024); extra > ring+256 {
		t.Errorf("explanations took %d KiB for a ring of 262144 slots, %d KiB at 16 bytes a slot", extra, ring)
	}
}

// sparseFrees allocates argv[1] blocks and frees one in a thousand of
// them: frees spread over every page of a table by record slot.
const sparseFrees = `#include <stdio.h>
#include <stdlib.h>
` + smallPages + `
int main(int argc, char **argv)
{
	long n = atol(argv[1]);
	long **blocks = malloc((size_t)n * sizeof *blocks);
	if (blocks == NULL)
		return 1;
	for (long i = 0; i < n; i++)
		if ((blocks[i] = malloc(32)) == NULL)
			return 1;
	for (long i = 0; i < n; i += 1000) {
		free(blocks[i]);
		blocks[i] = NULL;
	}
	printf("%ld\n", n);
	return 0;
}
`

// TestFreeProvenanceCostsItsFrees: the provenance a free keeps costs its
// entry, not a page of a table by record slot for each free among a
// thousand live blocks.
func TestFreeProvenanceCostsItsFrees(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	prog := buildC(t, sparseFrees, "-O1")
	// (the smallest ring of steps: the stores into blocks[] are steps)
	extra := extraKiB(t, prog, "explain=0:detect_leaks=0", "explain=1:explain_ring=1024:detect_leaks=0", 1000000, "explanations")
	if extra > 512 {
		t.Errorf("1000 frees among a million blocks kept %d KiB of provenance", extra)
	}
}

// TestFreeProvenanceRing: a run of more frees than the ring of the
// newest frees' provenance holds (131,072) keeps 24 bytes each (32 when
// an entry named its slot and thread too), and no more than the ring.
func TestFreeProvenanceRing(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	prog := buildC(t, churnLive, "-O1")
	extra := extraKiB(t, prog, "explain=0", "explain=1:explain_ring=1024", 400000, "explanations")
	if ring := int64(131072 * 24 / 1024); extra > ring+512 {
		t.Errorf("explanations of 400000 frees took %d KiB, a ring of 131072 at 24 bytes a free %d KiB", extra, ring)
	}
}

// liveAtExit leaves argv[1] (at most a million) small blocks reachable
// at exit from an array in the heap made after them (a global array held
// them, and was cleared): the marking, in slot order, scans it last and
// finds every block behind its cursor, on its work stack.
const liveAtExit = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
` + smallPages + `
static long *made[1000000];
static long **blocks;

int main(int argc, char **argv)
{
	long n = atol(argv[1]);
	if (n > 1000000)
		n = 1000000;
	for (long i = 0; i < n; i++) {
		if ((made[i] = malloc(32)) == NULL)
			return 1;
		*made[i] = i; /* (its memory the program's: a pool's cell has no header glibc writes) */
	}
	if ((blocks = malloc((size_t)n * sizeof *blocks)) == NULL)
		return 1;
	memcpy(blocks, made, (size_t)n * sizeof *blocks);
	memset(made, 0, sizeof made);
	printf("%ld\n", n);
	return 0;
}
`

// liveFromRoots leaves argv[1] (at most a million) small blocks reachable
// at exit from a global array: the marking finds them all from the roots,
// ahead of its cursor, and needs no work stack.
const liveFromRoots = `#include <stdio.h>
#include <stdlib.h>
` + smallPages + `
static long *blocks[1000000];

int main(int argc, char **argv)
{
	long n = atol(argv[1]);
	for (long i = 0; i < n && i < 1000000; i++) {
		if ((blocks[i] = malloc(32)) == NULL)
			return 1;
		*blocks[i] = i; /* (its memory the program's: a pool's cell has no header glibc writes) */
	}
	printf("%ld\n", n);
	return 0;
}
`

// TestLeakCheckMemory: the leak check at exit over a million live blocks
// takes a byte a record slot (its blocks are found through the heap
// map, not in a list of them in address order: 16 bytes a block and 2 for
// an index of the heap's pieces), and the marking's work stack 4 more for
// each block found behind its cursor.
func TestLeakCheckMemory(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	const n = 1000000
	for _, c := range []struct {
		name, src string
		most      int64
	}{{"from the roots", liveFromRoots, 2}, {"behind the cursor", liveAtExit, 6}} {
		prog := buildC(t, c.src, "-O1")
		extra := extraKiB(t, prog, "explain=0:detect_leaks=0", "explain=0:detect_leaks=1", n, "the leak check")
		if perBlock := extra * 1024 / n; perBlock > c.most {
			t.Errorf("%s: the leak check over %d blocks took %d KiB, %d bytes a block (at most %d)", c.name, n, extra, perBlock, c.most)
		}
	}
}

// TestHeapBlockMemory: a live heap block costs the instrumented program
// at most 64 bytes more than natively (a million blocks of 32 bytes found
// from a global array; explanations and the leak check off): its record
// (32), its cold details (8: its threads and an origin, zero in a
// single-threaded program, and what its free writes are in tables never
// written then), an eighth of its memory in the heap map and the shadow of
// its pointer in the array. With 32 bytes of details it cost 92, with 20
// at most 84, with 8 it cost 68; with the heap map's 32-byte granules in
// place of the live-base map's 16 (a quarter of its memory) it costs 62.
func TestHeapBlockMemory(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	const n = 1000000
	native := buildWith(t, []string{gcc}, liveFromRoots, "-O1")
	instrumented := buildC(t, liveFromRoots, "-O1")
	extra := peakKiB(t, instrumented, "explain=0:detect_leaks=0", n) - peakKiB(t, native, "", n)
	t.Logf("%d bytes a block", extra*1024/n)
	if perBlock := extra * 1024 / n; perBlock > 64 {
		t.Errorf("%d live blocks took %d KiB more than natively, %d bytes a block", n, extra, perBlock)
	}
}

// replaceOneIn16 keeps a million blocks of 32 bytes and replaces one in 16:
// with a positive argument the old one is freed, with a negative one it is
// kept beside its replacement.
const replaceOneIn16 = `#include <stdio.h>
#include <stdlib.h>
` + smallPages + `
#define N 1000000
static long *blocks[N], *kept[N / 16];

int main(int argc, char **argv)
{
	long n = atol(argv[1]), frees = n > 0;
	for (long i = 0; i < N; i++) {
		if ((blocks[i] = malloc(32)) == NULL)
			return 1;
		*blocks[i] = i; /* (its memory the program's: a pool's cell has no header glibc writes) */
	}
	for (long i = 0; i < N; i += 16) {
		if (frees)
			free(blocks[i]);
		else
			kept[i / 16] = blocks[i];
		if ((blocks[i] = malloc(32)) == NULL)
			return 1;
	}
	printf("%ld\n", n);
	return 0;
}
`

// TestSparseFreeMemory: the details frees write (where, the history's and
// the free provenance's entries) take memory for the groups of record
// slots that frees land in, not a table of every slot: freeing one block
// in 16 of a million live ones, where each free's slot falls among live
// ones, costs at most 3 bytes a block more than keeping them (the freed
// memory is reused, the kept blocks' is not). A slot-indexed table of
// 12-byte details took all of its pages: 7 bytes a block more.
func TestSparseFreeMemory(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	if perBlock := freeingCost(t, replaceOneIn16); perBlock > 3 {
		t.Errorf("freeing one block in 16 of a million took %d bytes a block more than keeping them", perBlock)
	}
}

// freeAtEnd makes a million blocks of 32 bytes and, with a positive
// argument, frees them all at its end with no malloc after (as hash.c's
// table_free): every freed slot waits to be recycled.
const freeAtEnd = `#include <stdio.h>
#include <stdlib.h>
` + smallPages + `
#define N 1000000
static long *blocks[N];

int main(int argc, char **argv)
{
	long n = atol(argv[1]);
	for (long i = 0; i < N; i++) {
		if ((blocks[i] = malloc(32)) == NULL)
			return 1;
		*blocks[i] = i;
	}
	if (n > 0)
		for (long i = 0; i < N; i++)
			free(blocks[i]);
	printf("%ld\n", n);
	return 0;
}
`

// TestWaitingSlotMemory: a freed slot waiting to be recycled costs only its
// free details (12 bytes in its group's chunk and a byte of the
// directory): the FIFO of waiting slots links them through their dead
// records, where an array of their numbers took 4 bytes a slot more.
func TestWaitingSlotMemory(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	if perBlock := freeingCost(t, freeAtEnd); perBlock > 14 {
		t.Errorf("freeing a million blocks at the end took %d bytes a block more than keeping them", perBlock)
	}
}

// distinctStacks allocates |argv[1]| blocks (at most 2^18), each at the
// end of a recursion 18 calls deep: with a positive argument each block's
// path through the two call sites is the bits of its number, so every
// allocation stack differs; with a negative one they all take one path.
const distinctStacks = `#include <stdio.h>
#include <stdlib.h>
` + smallPages + `
#define DEPTH 18
static void *kept[1 << DEPTH];

static void *down(unsigned path, int depth)
{
	if (depth == 0)
		return malloc(8);
	if (path & 1)
		return down(path >> 1, depth - 1);
	return down(path >> 1, depth - 1);
}

int main(int argc, char **argv)
{
	long n = atol(argv[1]), distinct = n > 0;
	if (!distinct)
		n = -n;
	for (long i = 0; i < n && i < (1 << DEPTH); i++)
		if ((kept[i] = down(distinct ? (unsigned)i : 0, DEPTH)) == NULL)
			return 1;
	printf("%ld\n", n);
	return 0;
}
`

// TestStackDepotMemory: a distinct allocation stack of 19 frames costs the
// stack depot at most 128 bytes (its record keeps its innermost site whole
// and the others as 4-byte offsets: 96 bytes, and its share of the bucket
// table), where sites kept whole took 168.
func TestStackDepotMemory(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	const n = 1 << 18
	prog := buildC(t, distinctStacks, "-O0")
	const options = "explain=0:detect_leaks=0:stack_depth=19"
	extra := leastPeakKiB(t, prog, options, n) - leastPeakKiB(t, prog, options, -n)
	if perStack := extra * 1024 / n; perStack > 128 {
		t.Errorf("%d distinct stacks took %d KiB more than one, %d bytes a stack (at most 128)", n, extra, perStack)
	}
}

// adviceAtExit keeps argv[1] blocks of 32 bytes (past the first batch of
// record slots, so memlens advises its tables to use huge pages), then
// prints 1 if the mapping holding address argv[2] (hexadecimal, or
// "libc-shadow": the pointer shadow of libc's stdout, memlens.h's XOR,
// after a leak check has read it) is advised to (its VmFlags have hg), 0 if
// not.
const adviceAtExit = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int __lsan_do_recoverable_leak_check(void);

static long *blocks[1000000];

int main(int argc, char **argv)
{
	long n = atol(argv[1]);
	unsigned long a = strtoul(argv[2], 0, 16), lo = 0, hi = 0;
	char line[512];
	for (long i = 0; i < n && i < 1000000; i++)
		if ((blocks[i] = malloc(32)) == NULL)
			return 1;
	if (strcmp(argv[2], "libc-shadow") == 0) {
		__lsan_do_recoverable_leak_check();
		a = (((unsigned long)stdout & ~7UL) ^ 0x500000000000UL) + 0x200000UL;
	}
	FILE *f = fopen("/proc/self/smaps", "r");
	if (f == NULL)
		return 1;
	while (fgets(line, sizeof line, f)) {
		if (line[strspn(line, "0123456789abcdef")] == '-') /* a mapping's first line */
			sscanf(line, "%lx-%lx", &lo, &hi);
		else if (strncmp(line, "VmFlags:", 8) == 0 && lo <= a && a < hi) {
			printf("%d\n", strstr(line, " hg") != NULL);
			return 0;
		}
	}
	return 1;
}
`

// TestHeapMapSmallPages: the heap map (an entry for each 32 bytes of
// heap, in [0x340000000000, 0x380000000000): runtime/internal.h) is not
// advised to use huge pages when the tables checks read are (the record
// table at 0x400000000000): khugepaged filled each 2 MiB of it that held
// a few entries, so hash's 2.5 MB of entries took up to 5.4.
func TestHeapMapSmallPages(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	if heapMap := hugePagesAdvised(t, "360000000000", "detect_leaks=0"); heapMap != "0" {
		t.Errorf("the heap map is advised to use huge pages (%q)", heapMap)
	}
}

// TestLibraryDataSmallPages: the pointer shadow of libc's data keeps 4 KiB
// pages when the tables checks read get huge ones: the leak check reads
// it, and that took a huge page of 2 MiB of forest's and hash's peaks.
func TestLibraryDataSmallPages(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	if shadow := hugePagesAdvised(t, "libc-shadow", "detect_leaks=1"); shadow != "0" {
		t.Errorf("libc's data's pointer shadow is advised to use huge pages (%q)", shadow)
	}
}

// hugePagesAdvised runs adviceAtExit past the first batch of slots with
// MEMLENS_OPTIONS=options: "1" if the mapping holding addr is advised to
// use huge pages, "0" if not. It skips the test where the record table is
// not (a kernel without them).
func hugePagesAdvised(t *testing.T, addr, options string) string {
	t.Helper()
	prog := buildC(t, adviceAtExit, "-O1")
	advised := func(addr string) string {
		cmd := exec.Command(prog, "200000", addr)
		cmd.Env = append(os.Environ(), "MEMLENS_OPTIONS="+options)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", prog, addr, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	if recs := advised("400000000000"); recs != "1" {
		t.Skipf("the record table is not advised to use huge pages (%q): a kernel without them", recs)
	}
	return advised(addr)
}

// threadsAtOnce keeps 200,000 blocks (past the first batch of record
// slots: memlens's tables then have huge pages), then runs argv[1] threads
// at once, each with pointers stored into its stack and locals the
// runtime registers.
const threadsAtOnce = `#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long *blocks[200000];
static pthread_barrier_t all;

static void *run(void *arg)
{
	long x = (long)arg, *p = &x, **pp = &p;
	long *volatile kept[4];
	kept[0] = *pp;
	pthread_barrier_wait(&all);
	return (void *)*kept[0];
}

int main(int argc, char **argv)
{
	int n = atoi(argv[1]);
	pthread_t t[64];
	for (long i = 0; i < 200000; i++)
		if ((blocks[i] = malloc(32)) == NULL)
			return 1;
	if (n < 1 || n > 64 || pthread_barrier_init(&all, 0, n + 1))
		return 1;
	for (long i = 0; i < n; i++)
		if (pthread_create(&t[i], 0, run, (void *)i))
			return 1;
	pthread_barrier_wait(&all);
	for (long i = 0; i < n; i++)
		pthread_join(t[i], 0);
	printf("%d\n", n);
	return 0;
}
`

// TestThreadStackMemory: a thread costs the shadow of the few KiB of stack
// it writes, not huge pages: the pointer shadow of threads' stacks and the
// live-base map (their locals) keep 4 KiB pages when the tables checks read
// get huge ones. 32 threads took 5 MB each (193 MB at once against 37 MB
// for one), 2 MiB of each shadow and of the map apiece.
func TestThreadStackMemory(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	prog := buildC(t, threadsAtOnce, "-O1", "-pthread")
	const opts = "explain=0:detect_leaks=0"
	one, many := leastPeakKiB(t, prog, opts, 1), leastPeakKiB(t, prog, opts, 32)
	t.Logf("peak %d KiB with one thread, %d KiB with 32", one, many)
	if per := (many - one) / 31; per > 512 {
		t.Errorf("each thread beyond the first took %d KiB", per)
	}
}

// freeingCost builds src, which makes a million blocks and frees them (a
// positive argument) or keeps them, and returns how many bytes a block
// more the least peak RSS is when it frees them.
func freeingCost(t *testing.T, src string) int64 {
	t.Helper()
	const n = 1000000
	prog := buildC(t, src, "-O1")
	const opts = "explain=0:detect_leaks=0"
	freeing, keeping := leastPeakKiB(t, prog, opts, 1), leastPeakKiB(t, prog, opts, -1)
	t.Logf("peak %d KiB freeing, %d KiB keeping", freeing, keeping)
	return (freeing - keeping) * 1024 / n
}
