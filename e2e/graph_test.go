package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"memlens/internal/corpus"
)

// graphRun is a program of testdata/graph built with --memlens-graph and
// run with graph=TRACE.
type graphRun struct {
	dir, src, trace string
}

// runGraphProgram builds testdata/graph/NAME.c natively and with
// --memlens-graph (and flags), runs both, requires the same output and exit status and
// no report, and returns where the trace is.
func runGraphProgram(t *testing.T, name string, flags ...string) graphRun {
	t.Helper()
	needMemlens(t)
	src, err := filepath.Abs(filepath.Join("..", "testdata", "graph", name+".c"))
	if err != nil {
		t.Fatal(err)
	}
	r := graphRun{dir: t.TempDir(), src: src}
	r.trace = filepath.Join(r.dir, name+".mgt")
	// (TestGraphOverflow's builds are the other tests': made once)
	for out, argv := range map[string][]string{"native": {gcc, "-g", src, "-o", "native"},
		"traced": slices.Concat([]string{memlens, "cc", "--memlens-graph", "-g", src, "-o", "traced"}, flags)} {
		b, err := buildShared(argv, nil)
		if err == nil {
			err = linkInto(b, r.dir, out)
		}
		if err != nil {
			t.Fatalf("%s: %v\n%s", b.command(), err, head(b.out))
		}
	}
	native := run(t, r.dir, filepath.Join(r.dir, "native"), nil)
	cmd := exec.Command(filepath.Join(r.dir, "traced"))
	cmd.Dir = r.dir
	cmd.Env = append(environ(), "MEMLENS_OPTIONS=graph="+r.trace)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	if got := fmt.Sprintf("%sexit %d", out.String(), exitStatus(err)); got != native || errb.Len() > 0 {
		t.Fatalf("traced run printed\n%s\nstderr\n%s\nnatively\n%s", got, head(errb.Bytes()), native)
	}
	return r
}

// graphCmd runs memlens graph ARGS and returns stdout, stderr and status.
func graphCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(memlens, append([]string{"graph"}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	return out.String(), errb.String(), exitStatus(err)
}

type graphJSON struct {
	Timestamp int64 `json:"timestamp"`
	Nodes     []struct {
		ID    int    `json:"id"`
		TS    int64  `json:"ts"`
		File  string `json:"file"`
		Line  int    `json:"line"`
		Size  uint64 `json:"size"`
		Type  string `json:"type"`
		Freed bool   `json:"freed"`
	} `json:"nodes"`
	Edges []struct {
		From, To int
		Offset   uint64 `json:"offset"`
		TS       int64  `json:"ts"`
		File     string `json:"file"`
		Line     int    `json:"line"`
	} `json:"edges"`
	Merges []json.RawMessage `json:"merges"`
}

func graphAt(t *testing.T, trace, at string) graphJSON {
	t.Helper()
	args := []string{"-format", "json", trace}
	if at != "" { // (else the end)
		args = append([]string{"-at", at}, args...)
	}
	out, errs, st := graphCmd(t, args...)
	if st != 0 {
		t.Fatalf("memlens graph -at %s: exit %d\n%s", at, st, errs)
	}
	var g graphJSON
	if err := json.Unmarshal([]byte(out), &g); err != nil {
		t.Fatalf("memlens graph -format json: %v\n%s", err, out)
	}
	return g
}

// lineOf is the line of src holding marker.
func lineOf(t *testing.T, src, marker string) int {
	t.Helper()
	for i, l := range strings.Split(string(mustRead(t, src)), "\n") {
		if strings.Contains(l, marker) {
			return i + 1
		}
	}
	t.Fatalf("%s has no line with %q", src, marker)
	return 0
}

// count counts the nodes of a type (live ones only if live) and the edges
// between nodes of that type.
func (g graphJSON) count(typ string, live bool) (nodes, edges int) {
	of := map[int]bool{}
	for _, n := range g.Nodes {
		if n.Type == typ && (!live || !n.Freed) {
			nodes++
			of[n.ID] = true
		}
	}
	for _, e := range g.Edges {
		if of[e.From] && of[e.To] {
			edges++
		}
	}
	return nodes, edges
}

// TestGraphPrograms: each structure's graph at a statement, its
// invariants (holding, or broken at the marked statements), and its DOT
// accepted by Graphviz.
func TestGraphPrograms(t *testing.T) {
	t.Parallel()
	for _, c := range []graphCase{
		// the five nodes pushed, before the middle one is unlinked: prev and
		// next links, 4 each
		{"dlist", "l->tail = n;", "struct dnode", 5, 8},
		{"dlist_broken", "l->tail = n;", "struct dnode", 5, 8},
		// 8 keys, 7 child links and 7 parent links, before the delete
		{"tree", "*link = n;", "struct tnode", 8, 14},
		// six entries in their chains after the growth (the links between
		// them depend on the hash)
		{"hash", "t->buckets[h] = e;", "struct entry", 6, -1},
		// five items carved out of one block, linked: the graph splits it
		{"arena", "*tail = it;", "struct item", 5, 4},
		// the parent's two cells in a cycle: nothing of the child's
		{"fork", "b->next = a;", "struct cell", 2, 2},
	} {
		for _, m := range modes {
			t.Run(c.name+"/"+m.name, func(t *testing.T) { testGraphProgram(t, c, m.flags) })
		}
	}
}

// graphCase is a program of testdata/graph and its graph at the last run
// of the statement marked at.
type graphCase struct {
	name, at string // at: a marker of the source
	typ      string
	nodes    int // live nodes of typ then, and edges between them (-1: any)
	edges    int
}

func testGraphProgram(t *testing.T, c graphCase, flags []string) {
	r := runGraphProgram(t, c.name, flags...)
	at := fmt.Sprintf("%s:%d", filepath.Base(r.src), lineOf(t, r.src, c.at))
	g := graphAt(t, r.trace, at)
	nodes, edges := g.count(c.typ, true)
	if nodes != c.nodes || (c.edges >= 0 && edges != c.edges) {
		t.Errorf("-at %s: %d live nodes of %s with %d edges between them, want %d and %d\n%+v", at, nodes, c.typ, edges, c.nodes, c.edges, g)
	}
	if g.Merges == nil {
		t.Errorf("the JSON has no merges list")
	}
	end := graphAt(t, r.trace, "")
	for _, n := range end.Nodes {
		if !n.Freed {
			t.Errorf("at the end node#%d (%s) is not freed: the program frees everything", n.ID, n.Type)
		}
	}
	// the broken variant names each invariant's breaking statement
	out, errs, st := graphCmd(t, "-check", strings.TrimSuffix(r.src, ".c")+".inv", r.trace)
	var want []string
	for _, name := range []string{"back_link", "forward_link"} {
		if strings.Contains(string(mustRead(t, r.src)), "breaks "+name) {
			want = append(want, fmt.Sprintf(`^%s:%d: invariant %s broken at ts \d+: n=node#\d+ \(struct dnode\)$`,
				regexp.QuoteMeta(r.src), lineOf(t, r.src, "breaks "+name), name))
		}
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(want) == 0 && (st != 0 || out != "") || len(want) > 0 && (st != 1 || len(lines) != len(want)) {
		t.Fatalf("memlens graph -check: exit %d\n%s%s\nwant %d violations", st, out, errs, len(want))
	}
	for i, w := range want {
		if !regexp.MustCompile(w).MatchString(lines[i]) {
			t.Errorf("violation %q, want %s", lines[i], w)
		}
	}
	dot := lookTool("dot")
	if dot == "" {
		t.Log("graphviz is not installed: the DOT output is not validated")
		return
	}
	gv, errs, st := graphCmd(t, "-at", at, r.trace)
	if st != 0 {
		t.Fatalf("memlens graph: exit %d\n%s", st, errs)
	}
	cmd := exec.Command(dot, "-Tsvg", "-o", os.DevNull)
	cmd.Stdin = strings.NewReader(gv)
	if out, err := cmd.CombinedOutput(); err != nil || len(out) > 0 {
		t.Errorf("dot rejects the graph: %v\n%s\n%s", err, out, gv)
	}
}

// TestGraphCorpus builds the clean corpus with --memlens-graph: each
// program behaves as natively, reports nothing, and leaves a whole trace.
func TestGraphCorpus(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	m := mode{name: corpus.ModeDetect, flags: []string{"--memlens-graph"}, unchecked: map[string]bool{"UNINITIALIZED-READ": true}, graph: true}
	for _, p := range loadSet(t, "clean") {
		t.Run(p.Name, func(t *testing.T) {
			t.Parallel()
			work := t.TempDir()
			if err := copyProgram(p, work); err != nil {
				t.Fatal(err)
			}
			out, err := nativeRun(t, p, work, filepath.Join(work, "native"))
			if err != nil {
				t.Fatalf("native build: %v", err)
			}
			testMode(t, "clean", p, m, work, func() outcome { return out }, nil)
		})
	}
}

// TestGraphDamagedTrace: a trace cut short or overwritten gets an error
// naming the file, never a panic; -o is not written.
func TestGraphDamagedTrace(t *testing.T) {
	t.Parallel()
	r := runGraphProgram(t, "dlist")
	data := mustRead(t, r.trace)
	cut := filepath.Join(r.dir, "cut.mgt")
	bad := filepath.Join(r.dir, "bad.mgt")
	if err := os.WriteFile(cut, data[:len(data)*2/3], 0o666); err != nil {
		t.Fatal(err)
	}
	garbled := append([]byte{}, data...)
	garbled[16] = 'Z' // the first record's tag
	if err := os.WriteFile(bad, garbled, 0o666); err != nil {
		t.Fatal(err)
	}
	// a trace of another format version is refused, naming both versions
	old := filepath.Join(r.dir, "old.mgt")
	v1 := append([]byte{}, data...)
	v1[8] = 1
	if err := os.WriteFile(old, v1, 0o666); err != nil {
		t.Fatal(err)
	}
	if _, errs, st := graphCmd(t, old); st != 1 || !strings.Contains(errs, "trace version 1; this memlens reads version 2") {
		t.Errorf("memlens graph old.mgt: exit %d, stderr %q", st, errs)
	}
	for _, f := range []string{cut, bad, filepath.Join(r.dir, "traced")} {
		out := filepath.Join(r.dir, "out.dot")
		_, errs, st := graphCmd(t, "-o", out, f)
		if st != 1 || !strings.HasPrefix(errs, "memlens graph: "+f+": ") || strings.Contains(errs, "panic") {
			t.Errorf("memlens graph %s: exit %d, stderr %q", filepath.Base(f), st, errs)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("memlens graph %s wrote %s", filepath.Base(f), out)
		}
	}
}

// TestGraphHTML renders the page in headless Chromium at two slider
// positions: each step names its statement, shows the nodes of that
// moment, and the two screenshots differ.
func TestGraphHTML(t *testing.T) {
	t.Parallel()
	chromium := lookTool("chromium")
	if chromium == "" {
		t.Skip("chromium is not installed (apt-get install -y chromium): the graph page is not rendered in a browser")
	}
	r := runGraphProgram(t, "tree")
	page := filepath.Join(r.dir, "tree.html")
	if _, errs, st := graphCmd(t, "-format", "html", "-o", page, r.trace); st != 0 {
		t.Fatalf("memlens graph -format html: exit %d\n%s", st, errs)
	}
	html := string(mustRead(t, page))
	if !strings.Contains(html, `<input type="range"`) || regexp.MustCompile(`(?i)(src|href)=["']?https?:`).MatchString(html) {
		t.Fatalf("the page has no slider, or loads something from the network")
	}
	early := lineOf(t, r.src, "*link = n;")
	ts := [2]int64{graphAt(t, r.trace, fmt.Sprintf("tree.c:%d", early)).Timestamp, 0}
	ts[1] = graphAt(t, r.trace, fmt.Sprintf("tree.c:%d", lineOf(t, r.src, "y->left->parent = y;"))).Timestamp
	var shots [2][]byte
	for i, at := range ts {
		url := fmt.Sprintf("file://%s#ts=%d", page, at)
		dom := chrome(t, chromium, "--dump-dom", url)
		g := graphAt(t, r.trace, fmt.Sprint(at))
		if n := strings.Count(dom, `<g class="node`); n != len(g.Nodes) {
			t.Errorf("ts %d: the page draws %d nodes, the graph has %d", at, n, len(g.Nodes))
		}
		if !regexp.MustCompile(fmt.Sprintf(`ts %d: [a-z ]+ at tree\.c:\d+`, at)).MatchString(dom) {
			t.Errorf("ts %d: the page does not name the step's statement", at)
		}
		png := filepath.Join(r.dir, fmt.Sprintf("shot%d.png", i))
		chrome(t, chromium, "--screenshot="+png, "--window-size=1100,800", url)
		shots[i] = mustRead(t, png)
		if !bytes.HasPrefix(shots[i], []byte("\x89PNG")) {
			t.Fatalf("ts %d: no PNG screenshot", at)
		}
	}
	if bytes.Equal(shots[0], shots[1]) {
		t.Errorf("the screenshots at ts %d and %d are the same", ts[0], ts[1])
	}
}

func chrome(t *testing.T, chromium string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	argv := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir()}, args...)
	cmd := exec.CommandContext(ctx, chromium, argv...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %s: %v\n%s", strings.Join(args, " "), err, head(errb.Bytes()))
	}
	return out.String()
}

// TestGraphRoots: pointers stored into named variables (a global, a
// static's member, a global array's element, locals) are the graph's
// roots, each with an edge to the node it holds, in JSON and DOT.
func TestGraphRoots(t *testing.T) {
	t.Parallel()
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			r := runGraphProgram(t, "roots", m.flags...)
			at := fmt.Sprintf("roots.c:%d", lineOf(t, r.src, "*last = "))
			out, errs, st := graphCmd(t, "-at", at, "-format", "json", r.trace)
			if st != 0 {
				t.Fatalf("memlens graph: exit %d\n%s", st, errs)
			}
			var g struct {
				Nodes []struct {
					ID int `json:"id"`
				} `json:"nodes"`
				Roots []struct {
					Name string `json:"name"`
					To   int    `json:"to"`
					Line int    `json:"line"`
				} `json:"roots"`
			}
			if err := json.Unmarshal([]byte(out), &g); err != nil {
				t.Fatal(err)
			}
			// the nodes in allocation order: the list's 1..3 (head is the
			// last pushed), the table's 4, the array's 5
			roots := map[string]int{"head": 3, "tbl.first": 4, "slots[]": 5, "main:last": 1}
			lines := map[string]int{"head": lineOf(t, r.src, "head = n;"), "tbl.first": lineOf(t, r.src, "tbl.first = make(10)"),
				"slots[]": lineOf(t, r.src, "slots[1] = make"), "main:last": lineOf(t, r.src, "*last = ")}
			got := map[string]int{}
			for _, rt := range g.Roots {
				got[rt.Name] = rt.To
				if l, ok := lines[rt.Name]; ok && rt.Line != l {
					t.Errorf("root %s stored at line %d, want %d", rt.Name, rt.Line, l)
				}
			}
			for name, to := range roots {
				if got[name] != to {
					t.Errorf("root %s -> node#%d, want node#%d\n%s", name, got[name], to, out)
				}
			}
			// at the end the list's head is NULL: no root edge
			out, _, _ = graphCmd(t, "-format", "json", r.trace)
			if strings.Contains(out, `"name": "head"`) || strings.Contains(out, `"name": "tbl.first"`) {
				t.Errorf("NULL stored into head and tbl.first, yet they still have edges:\n%s", out)
			}
			dot, _, _ := graphCmd(t, "-at", at, r.trace)
			if !regexp.MustCompile(`r\d+ \[shape=plaintext, label="head"\];\n  r\d+ -> n3 `).MatchString(dot) {
				t.Errorf("the DOT has no root head -> n3:\n%s", dot)
			}
			// invariants over what a root holds: the list is pushed in front,
			// so keys descend from head (holds); head's key stays below 2
			// until the third push (broken there)
			inv := filepath.Join(r.dir, "roots.inv")
			text := "invariant descending: for n in root head: n == NULL || n->next == NULL || n->key > n->next->key\n" +
				"invariant head_small: for n in root head: n == NULL || n->key < 2\n"
			if err := os.WriteFile(inv, []byte(text), 0o666); err != nil {
				t.Fatal(err)
			}
			out, errs, st = graphCmd(t, "-check", inv, r.trace)
			want := fmt.Sprintf(`^%s:%d: invariant head_small broken at ts \d+: n=head=node#3 \(struct node\)\n$`, regexp.QuoteMeta(r.src), lineOf(t, r.src, "head = n;"))
			if st != 1 || !regexp.MustCompile(want).MatchString(out) {
				t.Errorf("memlens graph -check: exit %d\n%s%s\nwant %s", st, out, errs, want)
			}
			if err := os.WriteFile(inv, []byte("invariant x: for n in root nohead: n == NULL\n"), 0o666); err != nil {
				t.Fatal(err)
			}
			if _, errs, st := graphCmd(t, "-check", inv, r.trace); st != 2 || !strings.Contains(errs, "roots.inv:1: error: no root nohead") {
				t.Errorf("an unknown root: exit %d, stderr %q", st, errs)
			}
		})
	}
}

// TestGraphUpdates: integer members updated in place (++, --, +=) are
// traced, so invariants over them name the update that broke each.
func TestGraphUpdates(t *testing.T) {
	t.Parallel()
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			r := runGraphProgram(t, "counts", m.flags...)
			out, errs, st := graphCmd(t, "-check", strings.TrimSuffix(r.src, ".c")+".inv", r.trace)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			names := []string{"few", "small_total", "non_negative"}
			if st != 1 || len(lines) != len(names) {
				t.Fatalf("memlens graph -check: exit %d\n%s%s\nwant %d violations", st, out, errs, len(names))
			}
			for i, name := range names {
				want := fmt.Sprintf(`^%s:%d: invariant %s broken at ts \d+: n=node#1 \(struct bucket\)$`, regexp.QuoteMeta(r.src), lineOf(t, r.src, "breaks "+name), name)
				if !regexp.MustCompile(want).MatchString(lines[i]) {
					t.Errorf("violation %q, want %s", lines[i], want)
				}
			}
		})
	}
}

// TestGraphCopies: a struct assignment and a memcpy copy the pointers
// traced in the source: the destination's edges, made by the copy's
// statement; the integers too, for invariants.
func TestGraphCopies(t *testing.T) {
	t.Parallel()
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			r := runGraphProgram(t, "copies", m.flags...)
			g := graphAt(t, r.trace, fmt.Sprintf("copies.c:%d", lineOf(t, r.src, "grown[2] = b;")))
			copyLine, memcpyLine := lineOf(t, r.src, "struct copy"), lineOf(t, r.src, "/* memcpy")
			// nodes: a 1, b 2, c 3, old 4, grown 5
			want := map[[3]int]int{{3, 8, 2}: copyLine, {5, 0, 1}: memcpyLine, {5, 8, 3}: memcpyLine}
			for _, e := range g.Edges {
				k := [3]int{e.From, int(e.Offset), e.To}
				if l, ok := want[k]; ok {
					if e.Line != l {
						t.Errorf("edge %v made at line %d, want %d", k, e.Line, l)
					}
					delete(want, k)
				}
			}
			if len(want) > 0 {
				t.Errorf("edges %v missing\n%+v", want, g.Edges)
			}
			out, errs, st := graphCmd(t, "-check", strings.TrimSuffix(r.src, ".c")+".inv", r.trace)
			if st != 0 || out != "" {
				t.Errorf("memlens graph -check: exit %d\n%s%s", st, out, errs)
			}
		})
	}
}

// TestGraphOverflow: a write computed from one record carved out of an
// arena lands in the next record. memlens's pointer checks see one block
// and report nothing; memlens graph makes a merge edge and -overflows
// names the statement. The other graph programs have none.
func TestGraphOverflow(t *testing.T) {
	t.Parallel()
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			r := runGraphProgram(t, "overflow", m.flags...)
			line := lineOf(t, r.src, "/* overflow")
			out, errs, st := graphCmd(t, "-overflows", r.trace)
			want := fmt.Sprintf(`^%s:%d: heap overflow at ts \d+: a write computed from node#1 \(char\[\]\), at \+32, lands in node#2 \(struct rec\)\n$`, regexp.QuoteMeta(r.src), line)
			if st != 1 || !regexp.MustCompile(want).MatchString(out) {
				t.Errorf("memlens graph -overflows: exit %d\n%s%s\nwant %s", st, out, errs, want)
			}
			g := graphAt(t, r.trace, "")
			if len(g.Merges) != 1 {
				t.Errorf("merges %s, want one", g.Merges)
			}
			dot, _, _ := graphCmd(t, r.trace)
			if !strings.Contains(dot, "subgraph cluster_1 {") || !strings.Contains(dot, `n1 -> n2 [style=bold, color=red3, arrowhead=diamond, label="merge +32 (`) {
				t.Errorf("the DOT has no cluster of n1 and n2 with their merge edge:\n%s", dot)
			}
		})
	}
	for _, name := range []string{"dlist", "tree", "hash", "arena", "copies", "counts"} {
		r := runGraphProgram(t, name)
		if out, errs, st := graphCmd(t, "-overflows", r.trace); st != 0 || out != "" {
			t.Errorf("%s: memlens graph -overflows: exit %d\n%s%s", name, st, out, errs)
		}
	}
}
