package graph

import (
	_ "embed"
	"encoding/json"
	"io"
	"strings"
)

//go:embed page.html
var page string

// pageData is the MG++ the page retrieves graphs from (Algorithm 1, in
// its script): nodes with their layout, blocks, each slot's stores, and
// the statement of each event.
type pageData struct {
	Title  string     `json:"title"`
	Start  int64      `json:"start"`
	Files  []string   `json:"files"`
	Events [][2]int   `json:"events"` // file index (-1: none), line
	Kinds  string     `json:"kinds"`  // the event kinds, one letter each
	Nodes  []pageNode `json:"nodes"`
	Blocks []pageBlk  `json:"blocks"`
	Slots  []pageSlot `json:"slots"`
	Roots  []pageRoot `json:"roots"`
	Merges [][3]int64 `json:"merges"` // ts, from id, to id
}

type pageRoot struct {
	Name   string     `json:"name"`
	X      int        `json:"x"`
	Stores [][3]int64 `json:"stores"` // as a slot's
}

type pageNode struct {
	ID    int     `json:"id"`
	TS    int64   `json:"ts"`
	Start float64 `json:"start"`
	Block int     `json:"block"`
	Type  string  `json:"type"`
	Site  string  `json:"site"`
	X     int     `json:"x"`
	Y     int     `json:"y"`
}

type pageBlk struct {
	End   float64 `json:"end"`
	Freed int64   `json:"freed"`
	Nodes []int   `json:"nodes"` // indexes in nodes, by address
}

type pageSlot struct {
	Slot   float64    `json:"slot"`
	Block  int        `json:"block"`
	Stores [][3]int64 `json:"stores"` // ts, target block (-1: none), target address
}

// Layout of the page: one place per node for the whole history, so a node
// keeps it however the graph changes and the picture does not jump.
const (
	cellW, cellH  = 220, 150
	rootW, rootsH = 130, 90
)

// WriteHTML writes one self-contained page (no network) showing g at any
// moment: an SVG drawing and a time slider over the events, starting at
// ts; each step names its statement.
func WriteHTML(w io.Writer, g *Graph, ts int64) error {
	d := pageData{Title: g.Trace.Path, Start: ts, Nodes: []pageNode{}, Blocks: []pageBlk{}, Slots: []pageSlot{}, Roots: []pageRoot{}, Merges: [][3]int64{}}
	files := map[string]int{}
	var kinds strings.Builder
	for _, e := range g.Trace.Events {
		kinds.WriteByte(byte(e.Kind))
		if e.Site == nil {
			d.Events = append(d.Events, [2]int{-1, 0})
			continue
		}
		f, ok := files[e.Site.File]
		if !ok {
			f = len(d.Files)
			files[e.Site.File] = f
			d.Files = append(d.Files, e.Site.File)
		}
		d.Events = append(d.Events, [2]int{f, e.Site.Line})
	}
	d.Kinds = kinds.String()
	for _, m := range g.Merges {
		d.Merges = append(d.Merges, [3]int64{m.TS, int64(m.From), int64(m.To)})
	}
	depth, place := g.layers()
	top := 60 // the roots' row above the nodes
	if len(g.Roots) > 0 {
		top += rootsH
	}
	for i, rt := range g.Roots {
		r := pageRoot{Name: rt.Name, X: 20 + i*rootW}
		for _, st := range rt.stores {
			r.Stores = append(r.Stores, [3]int64{st.ts, int64(st.to), int64(st.value)})
		}
		d.Roots = append(d.Roots, r)
	}
	for i, n := range g.Nodes {
		site := ""
		if n.Site != nil {
			site = n.Site.String()
		}
		d.Nodes = append(d.Nodes, pageNode{ID: n.ID, TS: n.TS, Start: float64(n.Start), Block: n.Block, Type: n.Type,
			Site: base(site), X: 20 + place[i]*cellW, Y: top + depth[i]*cellH})
	}
	for _, b := range g.Blocks {
		d.Blocks = append(d.Blocks, pageBlk{End: float64(b.End), Freed: b.Freed, Nodes: b.Nodes})
	}
	for _, h := range g.slots {
		s := pageSlot{Slot: float64(h.slot), Block: h.block}
		for _, st := range h.stores {
			s.Stores = append(s.Stores, [3]int64{st.ts, int64(st.to), int64(st.value)})
		}
		d.Slots = append(d.Slots, s)
	}
	data, err := json.Marshal(d) // (escapes <, > and &: safe inside <script>)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, strings.Replace(page, "/*DATA*/null", string(data), 1))
	return err
}

// layers places the nodes in rows by their distance from the roots (the
// nodes named variables ever pointed to, then those no pointer ever
// pointed to) over every edge the history ever had, in
// creation order within a row: a tree is drawn top down, a list as a
// chain of rows.
func (g *Graph) layers() (depth, place []int) {
	out := make([][]int, len(g.Nodes))
	into := make([]bool, len(g.Nodes))
	for i := range g.slots {
		h := &g.slots[i]
		for _, st := range h.stores {
			if st.to < 0 {
				continue
			}
			from, to := g.nodeAt(h.block, h.slot, st.ts), g.nodeAt(st.to, st.value, st.ts)
			if from != to {
				out[from.ID-1] = append(out[from.ID-1], to.ID-1)
				into[to.ID-1] = true
			}
		}
	}
	depth = make([]int, len(g.Nodes))
	seen := make([]bool, len(g.Nodes))
	var queue []int
	walk := func(root int) {
		seen[root] = true
		queue = append(queue[:0], root)
		for len(queue) > 0 {
			n := queue[0]
			queue = queue[1:]
			for _, m := range out[n] {
				if !seen[m] {
					seen[m] = true
					depth[m] = depth[n] + 1
					queue = append(queue, m)
				}
			}
		}
	}
	for _, rt := range g.Roots {
		for _, st := range rt.stores {
			if n := g.nodeAtOr(st.to, uint64(st.value)); n != nil && !seen[n.ID-1] {
				walk(n.ID - 1)
			}
		}
	}
	for i := range g.Nodes {
		if !into[i] && !seen[i] {
			walk(i)
		}
	}
	for i := range g.Nodes { // (cycles no root reaches)
		if !seen[i] {
			walk(i)
		}
	}
	place = make([]int, len(g.Nodes))
	width := map[int]int{}
	for i := range g.Nodes {
		place[i] = width[depth[i]]
		width[depth[i]]++
	}
	return depth, place
}
