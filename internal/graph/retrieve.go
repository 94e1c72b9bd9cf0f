package graph

import (
	"fmt"
	"sort"
)

// A Snapshot is the memory graph at one moment (Algorithm 1's MG_target).
// Its JSON form is memlens graph -format json's.
type Snapshot struct {
	Timestamp int64      `json:"timestamp"`
	Site      *Site      `json:"-"` // the statement of the event at Timestamp
	Nodes     []SnapNode `json:"nodes"`
	Edges     []SnapEdge `json:"edges"`
	Merges    []Merge    `json:"merges"`
	Roots     []SnapRoot `json:"roots"`
}

// A SnapRoot is a named variable holding a pointer to node To, stored at
// TS by the statement at File:Line.
type SnapRoot struct {
	Name string `json:"name"`
	To   int    `json:"to"`
	TS   int64  `json:"ts"`
	File string `json:"file"`
	Line int    `json:"line"`
}

// A SnapNode is a node as it is at the snapshot's moment.
type SnapNode struct {
	ID     int    `json:"id"`
	TS     int64  `json:"ts"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	Size   uint64 `json:"size"`
	Type   string `json:"type"`
	Freed  bool   `json:"freed"`
	Addr   uint64 `json:"addr"`
	Parent int    `json:"parent,omitempty"`
}

// A SnapEdge is the pointer a slot of node From holds, Offset bytes from
// its start, to node To, stored at TS by the statement at File:Line.
type SnapEdge struct {
	From   int    `json:"from"`
	To     int    `json:"to"`
	Offset uint64 `json:"offset"`
	TS     int64  `json:"ts"`
	File   string `json:"file"`
	Line   int    `json:"line"`
}

// A Merge joins node To into the cluster of node From at TS (paper 004's
// merge edge): an address computed from From, Offset bytes from its start,
// landed in To, which had met that address already.
type Merge struct {
	From   int    `json:"from"`
	To     int    `json:"to"`
	TS     int64  `json:"ts"`
	Offset int64  `json:"offset"`
	File   string `json:"file"`
	Line   int    `json:"line"`
}

// Overflow describes merge m as the heap overflow it is when the
// program's own allocator is not joining chunks (paper 004 §V-C).
func (g *Graph) Overflow(m Merge) string {
	name := func(id int) string {
		t := g.Nodes[id-1].Type
		if t == "" {
			t = "?"
		}
		return fmt.Sprintf("node#%d (%s)", id, t)
	}
	return fmt.Sprintf("%s:%d: heap overflow at ts %d: a write computed from %s, at %+d, lands in %s",
		m.File, m.Line, m.TS, name(m.From), m.Offset, name(m.To))
}

// At retrieves the memory graph right after the event at timestamp ts (0:
// before the first). Nodes made later are dropped and the nodes split
// later joined back; each slot's edge is its last store up to ts.
func (g *Graph) At(ts int64) *Snapshot {
	if ts > g.Events() {
		ts = g.Events()
	}
	s := &Snapshot{Timestamp: ts, Nodes: []SnapNode{}, Edges: []SnapEdge{}, Merges: []Merge{}, Roots: []SnapRoot{}}
	if ts > 0 {
		s.Site = g.Trace.Events[ts-1].Site
	}
	// nodes are made in timestamp order
	nn := sort.Search(len(g.Nodes), func(i int) bool { return g.Nodes[i].TS > ts })
	for i := 0; i < nn; i++ {
		n := &g.Nodes[i]
		bl := &g.Blocks[n.Block]
		sn := SnapNode{ID: n.ID, TS: n.TS, Size: g.sizeAt(n, ts), Type: n.Type,
			Freed: bl.Freed != 0 && bl.Freed <= ts, Addr: n.Start, Parent: n.Parent}
		if n.Site != nil {
			sn.File, sn.Line = n.Site.File, n.Site.Line
		}
		s.Nodes = append(s.Nodes, sn)
	}
	for i := range g.slots {
		h := &g.slots[i]
		st, ok := lastStore(h.stores, ts)
		if !ok || st.to < 0 {
			continue // NULL or not the heap: a data edge, not drawn
		}
		from, to := g.nodeAt(h.block, h.slot, ts), g.nodeAt(st.to, st.value, ts)
		e := SnapEdge{From: from.ID, To: to.ID, Offset: h.slot - from.Start, TS: st.ts}
		if site := g.Trace.Events[st.ts-1].Site; site != nil {
			e.File, e.Line = site.File, site.Line
		}
		s.Edges = append(s.Edges, e)
	}
	for _, m := range g.Merges {
		if m.TS > ts {
			break
		}
		if site := g.Trace.Events[m.TS-1].Site; site != nil {
			m.File, m.Line = site.File, site.Line
		}
		s.Merges = append(s.Merges, m)
	}
	for i := range g.Roots {
		rt := &g.Roots[i]
		st, ok := lastStore(rt.stores, ts)
		if !ok || st.to < 0 {
			continue // NULL or not the heap
		}
		r := SnapRoot{Name: rt.Name, To: g.nodeAt(st.to, st.value, ts).ID, TS: st.ts}
		if site := g.Trace.Events[st.ts-1].Site; site != nil {
			r.File, r.Line = site.File, site.Line
		}
		s.Roots = append(s.Roots, r)
	}
	sort.Slice(s.Edges, func(i, j int) bool {
		a, b := s.Edges[i], s.Edges[j]
		if a.From != b.From {
			return a.From < b.From
		}
		return a.Offset < b.Offset
	})
	return s
}

// lastStore is the last of stores made by ts, if any.
func lastStore(stores []store, ts int64) (store, bool) {
	k := sort.Search(len(stores), func(k int) bool { return stores[k].ts > ts }) - 1
	if k < 0 {
		return store{}, false
	}
	return stores[k], true
}

// sizeAt is node n's size at ts: up to the next node of its block that
// exists then, or the block's end.
func (g *Graph) sizeAt(n *Node, ts int64) uint64 {
	bl := &g.Blocks[n.Block]
	ns := bl.Nodes
	i := sort.Search(len(ns), func(i int) bool { return g.Nodes[ns[i]].Start > n.Start })
	for ; i < len(ns); i++ {
		if m := &g.Nodes[ns[i]]; m.TS <= ts {
			return m.Start - n.Start
		}
	}
	return bl.End - n.Start
}
