package e2e

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"memlens/internal/corpus"
	"memlens/internal/report"
)

// TestChainEffort measures paper 000's Table 3 metric on the corpus
// programs whose chains are annotated: for each reported bug, the
// statements a user examines along the chain of the faulting pointer (its
// steps) against the statements the program ran between where the value
// was made and the failure (a build counting statements: --memlens-count-
// statements). go test ./e2e -run TestChainEffort -v prints the table;
// MEMLENS_EFFORT=FILE writes it as markdown (docs/EXPLAIN.md has it).
func TestChainEffort(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	bugs := loadSet(t, "bugs")
	rowsOf := make([][]string, len(bugs)) // each program's rows, in the corpus's order
	t.Run("programs", func(t *testing.T) {
		for i, p := range bugs {
			full, chained := false, false
			for _, w := range p.Wants {
				if w.Role == corpus.RoleChain || w.Role == corpus.RoleOrigin {
					chained = true
					full = full || w.Mode == corpus.ModeFull
				}
			}
			if !chained {
				continue
			}
			flags := []string{"--memlens-count-statements"}
			if full {
				flags = append(flags, "--memlens-full")
			}
			t.Run(p.Name, func(t *testing.T) {
				t.Parallel()
				for _, r := range runCorpusProgram(t, p, flags) {
					if len(r.Chains) == 0 || len(r.Chains[0]) == 0 {
						continue
					}
					chain := r.Chains[0]
					last := chain[len(chain)-1]
					if last.Origin == "" {
						continue // the chain does not reach where the value was made
					}
					// (each step ran after the origin, the origin included; steps
					// of one statement's run, as a call's argument and its result's
					// assignment, count it once)
					if ran := statementRuns(t, chain); last.Since+1 < ran {
						t.Errorf("%s: %s at line %d: %d statements ran since its origin at line %d, fewer than the chain's %d statement runs",
							p.Name, r.Kind, r.Line, last.Since, last.Line, ran)
					}
					rowsOf[i] = append(rowsOf[i], fmt.Sprintf("| %s | %s | %d | %d |", p.Name, r.Kind, len(chain), last.Since))
				}
			})
		}
	})
	rows := slices.Concat(rowsOf...)
	if len(rows) < 20 {
		t.Errorf("%d chains reach their origin, want at least 20", len(rows))
	}
	table := "| program | bug | statements on the chain | statements run from origin to failure |\n|---|---|---|---|\n" +
		strings.Join(rows, "\n") + "\n"
	t.Log("\n" + table)
	if out := os.Getenv("MEMLENS_EFFORT"); out != "" {
		if err := os.WriteFile(out, []byte(table), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// statementRuns is the number of statement runs a chain's steps name:
// steps with one count of statements since them were made by one run.
// The counts grow from the newest step to the oldest; a count out of that
// order fails the test.
func statementRuns(t *testing.T, chain []report.Step) uint64 {
	runs := uint64(0)
	for i, s := range chain {
		switch {
		case i == 0:
			runs++
		case s.Since < chain[i-1].Since:
			t.Errorf("step %d (line %d) ran %d statements before the report, step %d (line %d), older, %d",
				i-1, chain[i-1].Line, chain[i-1].Since, i, s.Line, s.Since)
		case s.Since > chain[i-1].Since:
			runs++
		}
	}
	return runs
}

// runCorpusProgram builds corpus program p with memlens cc and flags and
// returns the records of one run.
func runCorpusProgram(t *testing.T, p *corpus.Program, flags []string) []report.Record {
	t.Helper()
	work := t.TempDir()
	if err := copyProgram(p, work); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(work, "prog")
	if b, err := corpusBuild(t, p, slices.Concat([]string{memlens, "cc"}, flags), exe); err != nil {
		t.Fatalf("%s: %v\n%s", b.command(), err, head(b.out))
	}
	log := filepath.Join(work, "log.jsonl")
	execute(work, exe, p, "log_json="+log)
	recs, err := report.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// TestChainsUnoptimised: at -O0, where the value propagation steps of
// parameters and calls' results go into the ring at once instead of
// pending beside the value, every chain the corpus annotates is the one
// the optimised build shows: the same statements, receivers and origin.
func TestChainsUnoptimised(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	steps := func(recs []report.Record) string {
		var b strings.Builder
		for _, r := range recs {
			fmt.Fprintf(&b, "%s at line %d:\n", r.Kind, r.Line)
			for _, c := range r.Chains {
				for _, s := range c {
					fmt.Fprintf(&b, "  %d:%d %s %q %s%s\n", s.Line, s.Column, s.How, s.To, s.Origin, s.End)
				}
				b.WriteString("  --\n")
			}
		}
		return b.String()
	}
	n := 0
	for _, p := range loadSet(t, "bugs") {
		if !chained(p) {
			continue
		}
		n++
		t.Run(p.Name, func(t *testing.T) {
			t.Parallel()
			want := steps(runCorpusProgram(t, p, nil))
			if got := steps(runCorpusProgram(t, withOpt(p, "-O0"), nil)); got != want {
				t.Errorf("at -O0:\n%s\noptimised:\n%s", got, want)
			}
		})
	}
	if n < 10 {
		t.Errorf("%d programs with annotated chains, want at least 10", n)
	}
}

// chained: bug program p annotates a chain in both modes.
func chained(p *corpus.Program) bool {
	return slices.ContainsFunc(p.Wants, func(w corpus.Want) bool { return w.Role == corpus.RoleChain && w.Mode == "" })
}

// explainProgram is the corpus program TestExplainOption builds.
const explainProgram = "df_tidy_shallow_copy.c"

// TestExplainOption checks that explain=0 leaves chains out of both forms
// of a report, and that a ring too small for the run says what it dropped.
func TestExplainOption(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	prog := buildCorpus(t, explainProgram, "--memlens-full")
	on, onText := runExplain(t, prog, "")
	off, offText := runExplain(t, prog, ":explain=0")
	if len(on) != 1 || len(on[0].Chains) != 2 || !bytes.Contains(onText, []byte("(value propagation, newest first):")) {
		t.Errorf("explain=1: %d records, chains %v, text:\n%s", len(on), chainsOf(on), onText)
	}
	if len(off) != 1 || off[0].Chains != nil || bytes.Contains(offText, []byte("value propagation")) {
		t.Errorf("explain=0: %d records, chains %v, text:\n%s", len(off), chainsOf(off), offText)
	}

	prog = buildCode(t, "dropped.c", `#include <stdlib.h>
struct box { char *p; };
int main(void)
{
	char *made = malloc(8);
	char *kept = made;
	struct box b[64];
	for (int i = 0; i < 100000; i++)
		b[i % 64].p = kept + i % 7; /* a step each (never the pointer the slot holds) */
	free(made);
	return kept[1] + (b[0].p != 0); /* DANGLING-POINTER-DEREF: kept's steps are long gone */
}
`)
	recs, text := runExplain(t, prog, ":explain_ring=1024")
	if len(recs) != 1 || len(recs[0].Chains) == 0 {
		t.Fatalf("small ring: records %v", recs)
	}
	chain := recs[0].Chains[0]
	if last := chain[len(chain)-1]; last.End != report.EndDropped {
		t.Errorf("small ring: chain %+v, want it to end %q", chain, report.EndDropped)
	}
	if !bytes.Contains(text, []byte("older steps are gone: the newest 1024 are kept")) {
		t.Errorf("small ring: the text does not say what was dropped:\n%s", text)
	}
}

// runExplain runs prog with args, log_json (and opts) and returns its
// records and its text reports.
func runExplain(t *testing.T, prog, opts string, args ...string) ([]report.Record, []byte) {
	t.Helper()
	log := filepath.Join(t.TempDir(), "log.jsonl")
	cmd := exec.Command(prog, args...)
	cmd.Env = append(os.Environ(), "MEMLENS_OPTIONS=log_json="+log+opts)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Run() // exits non-zero: errors are reported
	recs, err := report.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	return recs, stderr.Bytes()
}

func chainsOf(recs []report.Record) [][][]report.Step {
	var out [][][]report.Step
	for _, r := range recs {
		out = append(out, r.Chains)
	}
	return out
}
