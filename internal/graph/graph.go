package graph

import (
	"sort"
	"strings"
)

// A Node is a memory graph node: a heap block as allocated, or a part of
// one that became a node of its own when a pointer to its middle was
// stored (a split: how objects an allocator of the program's own carves
// out of one block become nodes). It stays in the graph once freed.
type Node struct {
	ID     int // 1-based, in creation order
	Start  uint64
	TS     int64 // created (a timestamp is an event's ordinal, from 1)
	Site   *Site
	Type   string // the C type the node is used as, "" while unknown
	Block  int    // index in Graph.Blocks
	Parent int    // the node it was split from (paper 004's sourceID), 0 if none
	known  uint64 // the end of the addresses of the node met so far (its address list)
}

// A Block is what the allocator handed out.
type Block struct {
	Base, End uint64
	TS        int64
	Freed     int64 // 0 while live
	Nodes     []int // indexes in Graph.Nodes, by address
}

// A Graph is MG++: every node and every store of a pointer, with their
// timestamps and statements, from which the memory graph of any moment
// is retrieved.
type Graph struct {
	Trace  *Trace
	Nodes  []Node
	Blocks []Block
	slots  []slotHistory // by first store
	Roots  []Root        // by first store
	// the addresses computed from one node that landed in another
	// (Merge_Nodes; overflows when the allocator is not the program's)
	Merges []Merge
}

// A Root is a named variable a pointer into the heap was stored in (a
// global, a static, a local): where the structures hang from. Name is the
// lvalue as the source spells it, a local's after its function
// ("main:head"); Slot its address (0 for a local kept in a register).
type Root struct {
	Name   string
	Slot   uint64
	stores []store
}

// slotHistory is the stores into one slot of the heap, oldest first
// (pointers and integers: invariants read both).
type slotHistory struct {
	slot   uint64
	block  int
	stores []store
}

type store struct {
	ts    int64
	value uint64
	to    int // the block value points into, -1 if none
}

// Build runs Algorithm 2 over the trace: a node per allocation, a split
// where a pointer into the middle of a node is stored, an edge per store.
func Build(t *Trace) *Graph {
	g := &Graph{Trace: t}
	b := builder{g: g, pages: map[uint64][]int{}, byBase: map[uint64]int{}, slot: map[uint64]int{}, root: map[rootKey]int{}, held: map[int][]int{}, merged: map[[2]int]bool{}}
	for i := range t.Events {
		b.event(int64(i+1), &t.Events[i])
	}
	return g
}

type builder struct {
	g      *Graph
	pages  map[uint64][]int // page -> the live blocks (of bigPages pages at most) on it
	big    []int            // the larger live blocks, few
	byBase map[uint64]int   // live block by base
	slot   map[uint64]int   // slot -> index in g.slots
	root   map[rootKey]int  // -> index in g.Roots
	held   map[int][]int    // block -> its slots' indexes in g.slots
	merged map[[2]int]bool  // the nodes (ids) a merge edge joins already
}

type rootKey struct {
	name string
	slot uint64
}

// Live blocks are found by page: a block is listed on each page it
// covers, unless it covers more than bigPages.
const (
	pageShift = 12
	bigPages  = 16
)

// pagesOf is the first and last page of block bl, and whether it is big.
func pagesOf(bl *Block) (first, last uint64, big bool) {
	first, last = bl.Base>>pageShift, (bl.End-1)>>pageShift
	return first, last, last-first >= bigPages
}

func (b *builder) event(ts int64, e *Event) {
	g := b.g
	switch e.Kind {
	case Alloc:
		b.alloc(ts, e.Addr, e.Size, e.Site, "")
	case Realloc:
		typ := ""
		if i, ok := b.byBase[e.Old]; ok {
			typ = g.Nodes[g.Blocks[i].Nodes[0]].Type
			b.free(i, ts)
		}
		b.alloc(ts, e.Addr, e.Size, e.Site, typ)
	case Free:
		if i, ok := b.byBase[e.Addr]; ok {
			b.free(i, ts)
		}
	case RootStore:
		// (no split: a variable often holds a cursor inside a node,
		// struct node **link = &n->next)
		to := b.resolve(e.Value)
		b.learnType(-1, to, e)
		k, ok := b.root[rootKey{e.Field.Path, e.Addr}]
		if !ok {
			k = len(g.Roots)
			b.root[rootKey{e.Field.Path, e.Addr}] = k
			g.Roots = append(g.Roots, Root{Name: e.Field.Path, Slot: e.Addr})
		}
		g.Roots[k].stores = append(g.Roots[k].stores, store{ts: ts, value: e.Value, to: to})
	case Store, Data:
		from := b.resolve(e.Addr)
		if from < 0 {
			return // a named variable's slot is a root ('G')
		}
		to := -1 // (an integer is no edge)
		if e.Kind == Store {
			to = b.resolve(e.Value)
		}
		if to >= 0 && !textual(e.Field.Value) {
			b.split(to, e.Value, ts, e.Site)
		}
		b.learnType(from, to, e)
		b.meet(from, e.Addr, ts)
		b.store(from, e.Addr, store{ts: ts, value: e.Value, to: to})
	case Derive:
		b.derive(ts, e)
	case Copy:
		// what src's slots hold (pointers and integers) is now at dst, all
		// read before any is written (memmove)
		from, src := b.resolve(e.Addr), b.resolve(e.Old)
		if from < 0 || src < 0 {
			return // a copy into a variable makes no root
		}
		type moved struct {
			slot uint64
			st   store
		}
		var copies []moved
		for _, k := range b.held[src] {
			h := &g.slots[k]
			if h.slot < e.Old || h.slot >= e.Old+e.Size || b.slot[h.slot] != k {
				continue
			}
			last := h.stores[len(h.stores)-1]
			to := -1
			if last.to >= 0 {
				to = b.resolve(last.value)
			}
			copies = append(copies, moved{e.Addr + (h.slot - e.Old), store{ts: ts, value: last.value, to: to}})
		}
		for _, c := range copies {
			b.store(from, c.slot, c.st)
		}
	}
}

// meet adds address a of block bi to the address list of its node.
func (b *builder) meet(bi int, a uint64, ts int64) {
	if n := b.g.nodeAt(bi, a, ts); n != nil && a+1 > n.known {
		n.known = a + 1
	}
}

// derive is Algorithm 2's haddr1 + offset (= haddr2): an address of the
// node it was computed from is met; one that another node has met
// already makes a merge edge from that node to the other.
func (b *builder) derive(ts int64, e *Event) {
	g := b.g
	bx, by := b.resolve(e.Old), b.resolve(e.Addr)
	if bx < 0 || by < 0 {
		return // (outside the heap: memlens's own checks report it)
	}
	x, y := g.nodeAt(bx, e.Old, ts), g.nodeAt(by, e.Addr, ts)
	switch {
	case x == y:
		b.meet(bx, e.Addr, ts)
	case e.Addr < y.known && !b.merged[[2]int{x.ID, y.ID}]:
		b.merged[[2]int{x.ID, y.ID}] = true
		g.Merges = append(g.Merges, Merge{From: x.ID, To: y.ID, TS: ts, Offset: int64(e.Addr - x.Start)})
	}
}

// store appends st to the history of slot, in block bi.
func (b *builder) store(bi int, slot uint64, st store) {
	g := b.g
	k, ok := b.slot[slot]
	if !ok || g.slots[k].block != bi { // (new, or its memory was freed and handed out again)
		k = len(g.slots)
		b.slot[slot] = k
		g.slots = append(g.slots, slotHistory{slot: slot, block: bi})
		b.held[bi] = append(b.held[bi], k)
	}
	g.slots[k].stores = append(g.slots[k].stores, st)
}

// textual reports whether a pointer to type t is a cursor into text, not
// a reference to an object: such stores split no node.
func textual(t string) bool {
	t = strings.TrimPrefix(strings.TrimPrefix(t, "const "), "unsigned ")
	t = strings.TrimPrefix(t, "signed ")
	return t == "char" || t == "void" || t == ""
}

func (b *builder) alloc(ts int64, base, size uint64, site *Site, typ string) {
	g := b.g
	if size == 0 {
		size = 1
	}
	bi := len(g.Blocks)
	g.Blocks = append(g.Blocks, Block{Base: base, End: base + size, TS: ts, Nodes: []int{len(g.Nodes)}})
	g.Nodes = append(g.Nodes, Node{ID: len(g.Nodes) + 1, Start: base, TS: ts, Site: site, Type: typ, Block: bi, known: base + 1})
	if old, ok := b.byBase[base]; ok { // (a block libc reused without memlens seeing the free)
		b.free(old, ts)
	}
	b.byBase[base] = bi
	first, last, big := pagesOf(&g.Blocks[bi])
	if big {
		b.big = append(b.big, bi)
		return
	}
	for p := first; p <= last; p++ {
		b.pages[p] = append(b.pages[p], bi)
	}
}

// without is list without block bi.
func without(list []int, bi int) []int {
	for i, x := range list {
		if x == bi {
			list[i] = list[len(list)-1]
			return list[:len(list)-1]
		}
	}
	return list
}

func (b *builder) free(bi int, ts int64) {
	g := b.g
	g.Blocks[bi].Freed = ts
	delete(b.byBase, g.Blocks[bi].Base)
	first, last, big := pagesOf(&g.Blocks[bi])
	if big {
		b.big = without(b.big, bi)
		return
	}
	for p := first; p <= last; p++ {
		if l := without(b.pages[p], bi); len(l) > 0 {
			b.pages[p] = l
		} else {
			delete(b.pages, p)
		}
	}
}

// resolve is the live block holding address a, -1 if none.
func (b *builder) resolve(a uint64) int {
	for _, bi := range b.pages[a>>pageShift] {
		if bl := &b.g.Blocks[bi]; bl.Base <= a && a < bl.End {
			return bi
		}
	}
	for _, bi := range b.big {
		if bl := &b.g.Blocks[bi]; bl.Base <= a && a < bl.End {
			return bi
		}
	}
	return -1
}

// split makes address a the head of a node of block bi (Split_Node), if
// it is not one already.
func (b *builder) split(bi int, a uint64, ts int64, site *Site) {
	g := b.g
	bl := &g.Blocks[bi]
	i := sort.Search(len(bl.Nodes), func(i int) bool { return g.Nodes[bl.Nodes[i]].Start >= a })
	if i < len(bl.Nodes) && g.Nodes[bl.Nodes[i]].Start == a {
		return
	}
	n := len(g.Nodes)
	g.Nodes = append(g.Nodes, Node{ID: n + 1, Start: a, TS: ts, Site: site, Block: bi, Parent: g.Nodes[bl.Nodes[i-1]].ID, known: a + 1})
	bl.Nodes = append(bl.Nodes, 0)
	copy(bl.Nodes[i+1:], bl.Nodes[i:])
	bl.Nodes[i] = n
}

// nodeAt is the node of block bi holding address a, among the nodes that
// exist at ts.
func (g *Graph) nodeAt(bi int, a uint64, ts int64) *Node {
	ns := g.Blocks[bi].Nodes
	i := sort.Search(len(ns), func(i int) bool { return g.Nodes[ns[i]].Start > a }) - 1
	for ; i >= 0; i-- {
		if n := &g.Nodes[ns[i]]; n.TS <= ts {
			return n
		}
	}
	return nil
}

// learnType names the types of nodes from a store into block bi (of a
// pointer into block to): the
// container of a member stored at its own offset from a node's start,
// and the pointee type of a pointer stored to a node's head (a block of
// characters or of pointers is named as an array: char[], struct entry
// *[]). The first name a node gets stays.
func (b *builder) learnType(bi, to int, e *Event) {
	g := b.g
	f := e.Field
	if n := g.nodeAtOr(bi, e.Addr); n != nil && n.Type == "" && f.Container != "" {
		switch {
		case f.Path != "" && e.Addr-n.Start == f.Offset:
			n.Type = f.Container
		case f.Path == "":
			n.Type = f.Container + "[]"
		}
	}
	if to >= 0 && f.Value != "" && f.Value != "void" {
		if n := g.nodeAt(to, e.Value, 1<<62); n != nil && n.Start == e.Value && n.Type == "" {
			n.Type = f.Value
			if textual(f.Value) || strings.HasSuffix(f.Value, "*") {
				n.Type += "[]" // text, or a table of pointers
			}
		}
	}
}

// nodeAtOr is the node of block bi (-1: none) holding address a.
func (g *Graph) nodeAtOr(bi int, a uint64) *Node {
	if bi < 0 {
		return nil
	}
	return g.nodeAt(bi, a, 1<<62)
}

// Events is the number of events: the last timestamp.
func (g *Graph) Events() int64 { return int64(len(g.Trace.Events)) }

// StatementTS is the timestamp right after the last run of the statement
// at file:line (file matches a recorded path or its last elements), 0 if
// no event was made there.
func (g *Graph) StatementTS(file string, line int) int64 {
	for i := len(g.Trace.Events) - 1; i >= 0; i-- {
		s := g.Trace.Events[i].Site
		if s != nil && s.Line == line && sameFile(s.File, file) {
			return int64(i + 1)
		}
	}
	return 0
}

func sameFile(recorded, asked string) bool {
	return recorded == asked || strings.HasSuffix(recorded, "/"+strings.TrimPrefix(asked, "./"))
}
