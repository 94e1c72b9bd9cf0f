package graph

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// WriteJSON writes s as one JSON object.
func WriteJSON(w io.Writer, s *Snapshot) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// WriteDOT writes s for Graphviz: a box per node (freed ones dashed and
// grey), an edge per pointer labelled with its offset, timestamp and
// statement, and each root's name with an edge to its node.
func WriteDOT(w io.Writer, s *Snapshot) error {
	var b strings.Builder
	b.WriteString("digraph memgraph {\n")
	fmt.Fprintf(&b, "  label=%s;\n  labelloc=t;\n", dotQuote(caption(s)))
	b.WriteString("  node [shape=box, fontname=\"monospace\", fontsize=10];\n  edge [fontname=\"monospace\", fontsize=9];\n")
	for _, n := range s.Nodes {
		style := ""
		if n.Freed {
			style = ", style=dashed, color=grey50, fontcolor=grey50"
		}
		fmt.Fprintf(&b, "  n%d [label=%s%s];\n", n.ID, dotQuote(nodeLabel(n)), style)
	}
	for _, e := range s.Edges {
		fmt.Fprintf(&b, "  n%d -> n%d [label=%s];\n", e.From, e.To, dotQuote(fmt.Sprintf("+%d (%d) %s:%d", e.Offset, e.TS, base(e.File), e.Line)))
	}
	for i, r := range s.Roots {
		fmt.Fprintf(&b, "  r%d [shape=plaintext, label=%s];\n  r%d -> n%d [label=%s];\n", i, dotQuote(r.Name), i, r.To, dotQuote(fmt.Sprintf("(%d) %s:%d", r.TS, base(r.File), r.Line)))
	}
	// a cluster node per set of nodes merge edges join (paper 004's
	// diamond): a subgraph around them
	cluster := map[int]int{} // a merged node -> another of its cluster, or itself
	var find func(int) int
	find = func(id int) int {
		if c := cluster[id]; c != id {
			cluster[id] = find(c)
		}
		return cluster[id]
	}
	for _, m := range s.Merges {
		for _, id := range []int{m.From, m.To} {
			if _, ok := cluster[id]; !ok {
				cluster[id] = id
			}
		}
		cluster[find(m.To)] = find(m.From)
	}
	members := map[int][]int{}
	for _, n := range s.Nodes {
		if _, ok := cluster[n.ID]; ok {
			members[find(n.ID)] = append(members[find(n.ID)], n.ID)
		}
	}
	for _, n := range s.Nodes {
		if ids := members[n.ID]; len(ids) > 1 {
			fmt.Fprintf(&b, "  subgraph cluster_%d {\n    label=\"cluster\";\n    style=dashed;\n   ", n.ID)
			for _, id := range ids {
				fmt.Fprintf(&b, " n%d;", id)
			}
			b.WriteString("\n  }\n")
		}
	}
	for _, m := range s.Merges {
		fmt.Fprintf(&b, "  n%d -> n%d [style=bold, color=red3, arrowhead=diamond, label=%s];\n", m.From, m.To, dotQuote(fmt.Sprintf("merge +%d (%d) %s:%d", m.Offset, m.TS, base(m.File), m.Line)))
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func nodeLabel(n SnapNode) string {
	t := n.Type
	if t == "" {
		t = "?"
	}
	l := fmt.Sprintf("node#%d %s\n%d bytes\n(%d) %s:%d", n.ID, t, n.Size, n.TS, base(n.File), n.Line)
	if n.Freed {
		l += "\nfreed"
	}
	return l
}

// caption says which moment a snapshot is.
func caption(s *Snapshot) string {
	if s.Site == nil {
		return fmt.Sprintf("ts %d", s.Timestamp)
	}
	return fmt.Sprintf("ts %d: after %s:%d", s.Timestamp, base(s.Site.File), s.Site.Line)
}

func base(path string) string {
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		return path[i+1:]
	}
	return path
}

func dotQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}
