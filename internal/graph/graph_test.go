package graph

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"
)

// traceWriter encodes a trace as runtime/graph.c writes it.
type traceWriter struct {
	b      bytes.Buffer
	events int
	keys   map[any]uint64
}

func newTrace() *traceWriter {
	w := &traceWriter{keys: map[any]uint64{}}
	w.b.WriteString("MLGRAPH\n")
	binary.Write(&w.b, binary.LittleEndian, uint32(Version))
	binary.Write(&w.b, binary.LittleEndian, uint32(8))
	return w
}

func (w *traceWriter) uint(v uint64) {
	w.b.Write(binary.AppendUvarint(nil, v))
}

func (w *traceWriter) str(s string) {
	w.uint(uint64(len(s)))
	w.b.WriteString(s)
}

func (w *traceWriter) site(s Site) uint64 {
	if k, ok := w.keys[s]; ok {
		return k
	}
	k := uint64(len(w.keys) + 1)
	w.keys[s] = k
	w.b.WriteByte('S')
	w.uint(k)
	w.str(s.File)
	w.uint(uint64(s.Line))
	return k
}

func (w *traceWriter) field(f Field) uint64 {
	if k, ok := w.keys[f]; ok {
		return k
	}
	k := uint64(len(w.keys) + 1)
	w.keys[f] = k
	w.b.WriteByte('T')
	w.uint(k)
	w.str(f.Container)
	w.str(f.Path)
	w.uint(f.Offset)
	w.str(f.Value)
	w.str(f.ContainerTypedef)
	w.str(f.ValueTypedef)
	return k
}

func (w *traceWriter) alloc(addr, size uint64, line int) {
	k := w.site(Site{"t.c", line})
	w.b.WriteByte('A')
	w.uint(addr)
	w.uint(size)
	w.uint(k)
	w.events++
}

func (w *traceWriter) free(addr uint64, line int) {
	k := w.site(Site{"t.c", line})
	w.b.WriteByte('F')
	w.uint(addr)
	w.uint(k)
	w.events++
}

func (w *traceWriter) store(slot, value uint64, line int, f Field) {
	k, fk := w.site(Site{"t.c", line}), w.field(f)
	w.b.WriteByte('W')
	w.uint(slot)
	w.uint(value)
	w.uint(k)
	w.uint(fk)
	w.events++
}

func (w *traceWriter) end() []byte {
	w.b.WriteByte('E')
	w.uint(uint64(w.events))
	return w.b.Bytes()
}

var next = Field{"struct node", "next", 8, "struct node", "node_t", ""}

func mustRead(t testing.TB, data []byte) *Graph {
	t.Helper()
	tr, err := Read("t.mgt", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return Build(tr)
}

// A list of two malloc'd nodes, relinked: retrieval at each moment sees
// the edges of that moment only.
func TestRetrieval(t *testing.T) {
	w := newTrace()
	w.alloc(0x1000, 16, 10)           // 1
	w.alloc(0x2000, 16, 11)           // 2
	w.store(0x1008, 0x2000, 12, next) // 3: node#1 -> node#2
	w.store(0x2008, 0, 13, next)      // 4: NULL
	w.store(0x1008, 0, 14, next)      // 5: unlinked
	w.free(0x2000, 15)                // 6
	g := mustRead(t, w.end())
	if s := g.At(2); len(s.Nodes) != 2 || len(s.Edges) != 0 {
		t.Errorf("at 2: %+v", s)
	}
	s := g.At(4)
	if len(s.Edges) != 1 || s.Edges[0] != (SnapEdge{From: 1, To: 2, Offset: 8, TS: 3, File: "t.c", Line: 12}) {
		t.Errorf("at 4: edges %+v", s.Edges)
	}
	if s.Nodes[0].Type != "struct node" || s.Nodes[1].Type != "struct node" {
		t.Errorf("types %+v", s.Nodes)
	}
	if s := g.At(5); len(s.Edges) != 0 || s.Nodes[1].Freed {
		t.Errorf("at 5: %+v", s)
	}
	if s := g.At(6); !s.Nodes[1].Freed || len(s.Nodes) != 2 {
		t.Errorf("at 6: the freed node stays, marked: %+v", s.Nodes)
	}
	if ts := g.StatementTS("t.c", 12); ts != 3 {
		t.Errorf("StatementTS(t.c:12) = %d, want 3", ts)
	}
}

// An arena carved by the program: a pointer stored to its middle splits
// it; before that moment the arena is one node again.
func TestSplit(t *testing.T) {
	w := newTrace()
	w.alloc(0x1000, 64, 10)           // 1: the arena
	w.store(0x1008, 0x1010, 11, next) // 2: first item -> second (split at 0x1010)
	w.store(0x1018, 0x1020, 11, next) // 3: second -> third (split at 0x1020)
	g := mustRead(t, w.end())
	s := g.At(3)
	if len(s.Nodes) != 3 {
		t.Fatalf("nodes %+v", s.Nodes)
	}
	for i, want := range []uint64{16, 16, 32} {
		if s.Nodes[i].Size != want {
			t.Errorf("node#%d size %d, want %d", i+1, s.Nodes[i].Size, want)
		}
	}
	if s.Nodes[1].Parent != 1 || s.Nodes[2].Parent != 2 { // (0x1020 lay in node#2 then)
		t.Errorf("split nodes' parent: %+v", s.Nodes)
	}
	if s.Edges[1].From != 2 || s.Edges[1].Offset != 8 || s.Edges[1].To != 3 {
		t.Errorf("edges %+v", s.Edges)
	}
	if s := g.At(1); len(s.Nodes) != 1 || s.Nodes[0].Size != 64 {
		t.Errorf("at 1 the split is undone: %+v", s.Nodes)
	}
}

func TestDamagedTrace(t *testing.T) {
	w := newTrace()
	w.alloc(0x1000, 16, 10)
	w.store(0x1008, 0x1000, 11, next)
	good := w.end()
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "t.mgt: not a memory graph trace"},
		{"magic", append([]byte("MLGRAPX\n"), good[8:]...), "t.mgt: not a memory graph trace"},
		{"version", append(append(append([]byte{}, good[:8]...), 9, 0, 0, 0), good[12:]...), "t.mgt: memory graph trace version 9"},
		{"no end", good[:len(good)-2], "t.mgt: memory graph trace truncated after 2 events"},
		{"cut record", good[:len(good)-4], "t.mgt: damaged memory graph trace at byte"},
		{"tag", append(append([]byte{}, good[:len(good)-2]...), 'Z', 0), "unknown record tag 0x5a"},
		{"count", append(append([]byte{}, good[:len(good)-1]...), 7), "the end record counts 7 events, the trace holds 2"},
		{"tail", append(append([]byte{}, good...), 0), "data after the end record"},
	} {
		_, err := Read("t.mgt", bytes.NewReader(c.data))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

func TestInvariants(t *testing.T) {
	w := newTrace()
	back := Field{"struct node", "prev", 0, "struct node", "", ""}
	w.alloc(0x1000, 16, 10)           // 1
	w.alloc(0x2000, 16, 10)           // 2
	w.store(0x1008, 0x2000, 20, next) // 3
	w.store(0x2000, 0x1000, 21, back) // 4: back link right
	w.alloc(0x3000, 16, 10)           // 5
	w.store(0x2008, 0x3000, 20, next) // 6
	w.store(0x3000, 0x1000, 22, back) // 7: wrong back link (to node#1)
	w.store(0x1008, 0x3000, 23, next) // 8: transient: fixed below before the free
	w.store(0x1008, 0x2000, 24, next) // 9
	w.free(0x3000, 25)                // 10: node#3 freed; node#2's next is stale but it is at rest
	g := mustRead(t, w.end())
	invs, err := ParseInvariants("i.txt", strings.NewReader(`# comment

invariant back_link: for n in struct node: n->next == NULL || n->next->prev == n
invariant acyclic: for n in node_t: !(n->next == n)
`))
	if err != nil {
		t.Fatal(err)
	}
	got, err := g.Check("i.txt", invs)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].String() != "t.c:20: invariant back_link broken at ts 6: n=node#2 (struct node)" {
		t.Errorf("violations %v", got)
	}
	// a typedef name stands for its type
	invs, _ = ParseInvariants("i.txt", strings.NewReader("invariant back_link: for n in node_t: n->next == NULL || n->next->prev == n"))
	if got, err := g.Check("i.txt", invs); err != nil || len(got) != 1 || got[0].Node.ID != 2 {
		t.Errorf("through the typedef: violations %v, %v", got, err)
	}
	for _, c := range []struct{ text, want string }{
		{"invariant x for n in T: n", "i.txt:1: error: expected \"invariant NAME"},
		{"invariant x: for n in struct node: n->next ==", "i.txt:1: error: the expression ends early"},
		{"invariant x: for n in struct node: m->next", "i.txt:1: error: unexpected \"m\""},
		{"invariant x: for n in struct node: (n->next", "i.txt:1: error: missing )"},
		{"\ninvariant x: for n in struct node: n->key == 0", "i.txt:2: error: nothing is ever stored to key of struct node"},
	} {
		invs, err := ParseInvariants("i.txt", strings.NewReader(c.text))
		if err == nil {
			_, err = g.Check("i.txt", invs)
		}
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.text, err, c.want)
		}
	}
}

// bigTrace is a program of a million events: a list of 100,000 nodes
// built, relinked and freed.
func bigTrace(tb testing.TB) *Graph {
	w := newTrace()
	const n = 100000
	for i := uint64(0); i < n; i++ {
		w.alloc(0x100000+i*32, 32, 10)
		if i > 0 {
			w.store(0x100000+(i-1)*32+8, 0x100000+i*32, 11, next)
		}
	}
	for w.events < 1000000-n {
		i := uint64(w.events) % (n - 2)
		w.store(0x100000+i*32+8, 0x100000+(i+2)*32, 12, next)
	}
	for i := uint64(0); w.events < 1000000; i++ {
		w.free(0x100000+i*32, 13)
	}
	return mustRead(tb, w.end())
}

func BenchmarkAt(b *testing.B) {
	g := bigTrace(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.At(int64(1 + i*7919%1000000))
	}
}

func BenchmarkBuild(b *testing.B) {
	tr := bigTrace(b).Trace
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Build(tr)
	}
}

// BenchmarkCheck checks an invariant over the million-event trace: only
// the nodes whose slots changed are evaluated again at each moment at rest.
func BenchmarkCheck(b *testing.B) {
	g := bigTrace(b)
	invs, err := ParseInvariants("i.txt", strings.NewReader("invariant skip: for n in struct node: n->next == NULL || n->next->next != n"))
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if v, err := g.Check("i.txt", invs); err != nil || len(v) != 0 {
			b.Fatal(v, err)
		}
	}
}

func (w *traceWriter) derive(base, addr uint64, line int) {
	k := w.site(Site{"t.c", line})
	w.b.WriteByte('X')
	w.uint(base)
	w.uint(addr)
	w.uint(k)
	w.events++
}

func (w *traceWriter) root(slot, value uint64, line int, name string) {
	k, fk := w.site(Site{"t.c", line}), w.field(Field{Path: name, Value: "struct node"})
	w.b.WriteByte('G')
	w.uint(slot)
	w.uint(value)
	w.uint(k)
	w.uint(fk)
	w.events++
}

// Merge edges: an address computed from one node that another node has
// met makes one merge edge; an address no node has met makes none.
func TestMerges(t *testing.T) {
	w := newTrace()
	w.alloc(0x1000, 64, 10)           // 1
	w.store(0x1008, 0x1020, 11, next) // 2: splits node#2 at 0x1020
	w.derive(0x1010, 0x1018, 12)      // 3: inside node#1
	w.derive(0x1000, 0x1030, 13)      // 4: in node#2's region, never met there
	w.derive(0x1010, 0x1020, 14)      // 5: node#2's head, met: a merge
	w.derive(0x1010, 0x1020, 15)      // 6: the same pair again
	w.root(0x9000, 0x1020, 16, "head")
	g := mustRead(t, w.end())
	if s := g.At(4); len(s.Merges) != 0 {
		t.Errorf("at 4: merges %+v", s.Merges)
	}
	s := g.At(7)
	if len(s.Merges) != 1 || s.Merges[0] != (Merge{From: 1, To: 2, TS: 5, Offset: 0x20, File: "t.c", Line: 14}) {
		t.Errorf("merges %+v", s.Merges)
	}
	if len(s.Roots) != 1 || s.Roots[0] != (SnapRoot{Name: "head", To: 2, TS: 7, File: "t.c", Line: 16}) {
		t.Errorf("roots %+v", s.Roots)
	}
	if s := g.At(6); len(s.Roots) != 0 {
		t.Errorf("at 6: roots %+v", s.Roots)
	}
}
