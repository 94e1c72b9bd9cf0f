package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"memlens/internal/corpus"
	"memlens/internal/report"
)

// The runtime under signal handlers and exit() from threads
// (runtime/handlers.c, thread.c's ml_world_stopped): races show
// once in many runs, so each of these clean corpus programs runs 100 times
// in each mode, and must never hang, report or differ from its native run.
var reentryPrograms = []string{
	"signal_handler_allocates",       // a SIGALRM handler allocating while main does, inside the runtime
	"exit_from_thread_holders",       // exit() from a worker, others holding lists in locals
	"exit_from_main_threads_running", // exit() from main, workers running and waiting
}

// reentryRuns is the runs of each program in each mode; a hang is caught by
// each run's own time limit (execute), so there is no deadline over all of
// them: a loaded machine makes them slower, not wrong.
const reentryRuns = 100

func TestRuntimeReentryRepeated(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	if testing.Short() {
		t.Skip("100 runs of each program")
	}
	progs := loadSet(t, "clean")
	for _, name := range reentryPrograms {
		i := slices.IndexFunc(progs, func(p *corpus.Program) bool { return p.Name == name })
		if i < 0 {
			t.Fatalf("testdata/clean/%s.c is missing", name)
		}
		p := progs[i]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			work := t.TempDir()
			native := filepath.Join(work, "native")
			if b, err := corpusBuild(t, p, []string{gcc}, native); err != nil {
				t.Fatalf("native build: %v\n$ %s\n%s", err, b.command(), b.out)
			}
			want := execute(p.Dir, native, p, "")
			if want.exit != p.Exit {
				t.Fatalf("native run: %s", want.status)
			}
			for _, m := range sigModes {
				t.Run(m.name, func(t *testing.T) { // (each mode's runs beside the other's)
					t.Parallel()
					exe := filepath.Join(work, "inst-"+m.name)
					if b, err := corpusBuild(t, p, slices.Concat([]string{memlens, "cc"}, m.flags), exe); err != nil {
						t.Fatalf("memlens cc %v: %v\n$ %s\n%s", m.flags, err, b.command(), b.out)
					}
					log := filepath.Join(work, m.name+".jsonl")
					for run := 1; run <= reentryRuns; run++ {
						os.Remove(log)
						got := execute(p.Dir, exe, p, "log_json="+log)
						recs, err := report.ReadFile(log)
						if err != nil {
							t.Fatal(err)
						}
						if got.timedOut || got.status != want.status || len(recs) > 0 ||
							!bytes.Equal(got.stdout, want.stdout) || !bytes.Equal(got.stderr, want.stderr) {
							t.Fatalf("%s, run %d of %d: %s (native: %s), %d records\nstdout %q (native %q)\nstderr:\n%s",
								m.name, run, reentryRuns, got.status, want.status, len(recs), got.stdout, want.stdout, head(got.stderr))
						}
					}
				})
			}
		})
	}
}
