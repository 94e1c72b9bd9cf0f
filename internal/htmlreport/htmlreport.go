// Package htmlreport writes memlens's records as one self-contained HTML
// page: no request leaves it (styles and the script are inline), and it
// reads the same with scripts off, where every part is shown and
// <details> elements do the folding; the script only adds a filter by
// kind and by file and buttons that fold or unfold everything.
package htmlreport

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"sort"
	"strings"

	"memlens/internal/report"
)

// Input is one JSON Lines file's records.
type Input struct {
	Name    string
	Records []report.Record
}

// contextLines are the lines shown above and below a faulting line.
const contextLines = 3

//go:embed page.html
var pageText string

var page = template.Must(template.New("page").Parse(pageText))

// Write writes the page of the records of inputs to w; sources supplies
// the source excerpts.
func Write(w io.Writer, inputs []Input, sources *report.Sources) error {
	p := build(inputs, sources)
	return page.Execute(w, p)
}

type pageData struct {
	Inputs  []inputData
	Total   int
	Kinds   []count
	Files   []count
	Reports []*reportData // in the order they happened, leaks left out
	Leaks   []leakGroup
}

type inputData struct {
	Name    string
	Records int
}

type count struct {
	Name string
	N    int
}

type reportData struct {
	ID       string
	Kind     string
	Level    string // "error" or "warning"
	What     string // the headline after the kind
	Detail   string // the rest of the message
	Place    string // file:line:column in function
	Thread   int
	Pid      int
	File     string
	Excerpt  *excerpt
	Missing  string // why there is no excerpt
	Chains   []chainData
	Stacks   []stackData // allocation, free, origin, call stack
	Text     string      // the text report
	Input    string
	Leak     *report.Record
	LeakWhat string
}

type chainData struct {
	Title string
	Steps []stepData
	End   string
}

type stepData struct {
	ID      string
	N       int
	Place   string
	Stmt    string
	How     string
	Excerpt *excerpt
	Missing string
}

type stackData struct {
	Title  string
	Frames []frameData
}

type frameData struct {
	N        int
	Function string
	Place    string
	Source   string // the frame's source line, trimmed
}

// excerpt is a few source lines around a line, the expression marked.
type excerpt struct {
	Lines []excerptLine
}

type excerptLine struct {
	N                   int
	Before, Mark, After string
	Current             bool
}

type leakGroup struct {
	Title   string // where the last reference was lost, or "found at exit"
	Stmt    string
	Excerpt *excerpt
	Missing string
	Reports []*reportData
}

func build(inputs []Input, sources *report.Sources) *pageData {
	p := &pageData{}
	kinds, files := map[string]int{}, map[string]int{}
	groups := map[string]*leakGroup{}
	var groupOrder []string
	n := 0
	for _, in := range inputs {
		p.Inputs = append(p.Inputs, inputData{in.Name, len(in.Records)})
		for i := range in.Records {
			r := &in.Records[i]
			n++
			p.Total++
			kinds[r.Kind]++
			files[orNone(r.File)]++
			rd := newReport(r, n, in.Name, sources)
			if r.Kind != "MEMORY-LEAK" {
				p.Reports = append(p.Reports, rd)
				continue
			}
			key, g := leakGroupOf(r, sources)
			if groups[key] == nil {
				groups[key] = g
				groupOrder = append(groupOrder, key)
			}
			groups[key].Reports = append(groups[key].Reports, rd)
		}
	}
	for _, k := range groupOrder {
		p.Leaks = append(p.Leaks, *groups[k])
	}
	p.Kinds, p.Files = sorted(kinds), sorted(files)
	return p
}

func orNone(file string) string {
	if file == "" {
		return "(no source location)"
	}
	return file
}

// sorted lists counts, the largest first.
func sorted(m map[string]int) []count {
	var cs []count
	for k, n := range m {
		cs = append(cs, count{k, n})
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].N != cs[j].N {
			return cs[i].N > cs[j].N
		}
		return cs[i].Name < cs[j].Name
	})
	return cs
}

// leakGroupOf is the key and group of a leak: the statement that lost
// its last reference, or its allocation site for a leak found at exit
// with no such statement.
func leakGroupOf(r *report.Record, sources *report.Sources) (string, *leakGroup) {
	if l := r.Lost; l != nil {
		g := &leakGroup{Title: fmt.Sprintf("lost at %s:%d in %s (%s)", l.File, l.Line, l.Function, l.How), Stmt: l.Expr}
		g.Excerpt, g.Missing = excerptAt(sources, l.File, l.Line, 0, "")
		return "lost\x00" + g.Title + "\x00" + l.Expr, g
	}
	found := "by the leak check at exit"
	if r.When == report.WhenCheck {
		found = "when the program called " + r.Check
	}
	g := &leakGroup{Title: fmt.Sprintf("found %s, allocated at %s:%d in %s", found, r.File, r.Line, r.Function)}
	return "exit\x00" + g.Title, g
}

func newReport(r *report.Record, n int, input string, sources *report.Sources) *reportData {
	what, detail, _ := strings.Cut(r.Message, ": ")
	rd := &reportData{
		ID: fmt.Sprintf("r%d", n), Kind: r.Kind, Level: "error", What: what, Detail: detail,
		Thread: r.Thread, Pid: r.Pid, File: orNone(r.File), Text: r.Text(sources), Input: input,
	}
	if r.Kind == "MEMORY-LEAK" {
		rd.Level = "warning"
		rd.Leak = r
	}
	rd.Place = place(r.File, r.Line, r.Column, r.Function)
	rd.Excerpt, rd.Missing = excerptAt(sources, r.File, r.Line, r.Column, r.Expr)
	for i, c := range r.Chains {
		rd.Chains = append(rd.Chains, newChain(r, i, c, rd.ID, sources))
	}
	stack := func(title string, frames []report.Frame) {
		if len(frames) > 0 {
			rd.Stacks = append(rd.Stacks, newStack(title, frames, sources))
		}
	}
	if b := r.Block; b != nil {
		if b.Free != nil {
			stack(fmt.Sprintf("block #%d freed by thread T%d", b.ID, b.Free.Thread), b.Free.Stack)
		}
		if b.Alloc != nil {
			what := "allocated"
			if b.Kind != "heap" {
				what = "declared"
			}
			stack(fmt.Sprintf("block #%d (%d bytes, %s) %s by thread T%d", b.ID, b.Size, b.Kind, what, b.Alloc.Thread), b.Alloc.Stack)
		}
	} else if r.Alloc != nil {
		stack(fmt.Sprintf("allocated by thread T%d", r.Alloc.Thread), r.Alloc.Stack)
	}
	if o := r.Origin; o != nil && o.Alloc != nil {
		stack("the uninitialized bytes come from", o.Alloc.Stack)
	}
	if r.Kind != "MEMORY-LEAK" {
		stack("call stack", r.Stack)
	}
	return rd
}

func place(file string, line, col int, function string) string {
	s := orNone(file)
	if line > 0 {
		s += fmt.Sprintf(":%d", line)
		if col > 0 {
			s += fmt.Sprintf(":%d", col)
		}
	}
	if function != "" {
		s += " in " + function
	}
	return s
}

func newChain(r *report.Record, i int, steps []report.Step, id string, sources *report.Sources) chainData {
	c := chainData{Title: r.ChainTitle(i) + " got its value (newest first)"}
	if r.Kind == "UNINITIALIZED-READ" {
		c.Title = r.ChainTitle(i) + " came (newest first)"
	}
	for j, s := range steps {
		how := r.StepNote(steps, j)
		if s.How == report.HowHere {
			how = "the faulting statement"
			if s.Origin != "" {
				how = "made by this statement: " + r.OriginText(s.Origin)
			}
		}
		st := stepData{ID: fmt.Sprintf("%s-c%d-s%d", id, i, j), N: j, Place: place(s.File, s.Line, 0, s.Function), Stmt: s.Stmt, How: how}
		st.Excerpt, st.Missing = excerptAt(sources, s.File, s.Line, s.Column, s.Stmt)
		c.Steps = append(c.Steps, st)
	}
	if len(steps) > 0 {
		last := steps[len(steps)-1]
		switch last.End {
		case report.EndUnknown:
			c.End = "where the value was before is not known"
		case report.EndDropped:
			c.End = "older steps are gone (see the explain_ring option)"
		case report.EndUnseen:
			c.End = "it was loaded from " + last.From + ", where no instrumented statement stored it"
		case report.EndCut:
			c.End = "the walk back stops here"
		}
		if last.More > 0 {
			c.End = strings.TrimPrefix(fmt.Sprintf("%s; %d older steps not shown", c.End, last.More), "; ")
		}
	}
	return c
}

func newStack(title string, frames []report.Frame, sources *report.Sources) stackData {
	s := stackData{Title: title}
	for i, f := range frames {
		fd := frameData{N: i, Function: f.Function, Place: place(f.File, f.Line, 0, "")}
		if text, ok := sources.Line(f.File, f.Line); ok {
			fd.Source = strings.TrimSpace(text)
		}
		s.Frames = append(s.Frames, fd)
	}
	return s
}

// excerptAt is the lines around file:line with expr marked at col (or
// the first place it occurs on the line), or why there is none.
func excerptAt(sources *report.Sources, file string, line, col int, expr string) (*excerpt, string) {
	if file == "" || line == 0 {
		return nil, "no source location is known"
	}
	lines, ok := sources.Lines(file)
	if !ok {
		return nil, "source file " + sources.Path(file) + " not found: no excerpt"
	}
	if line > len(lines) {
		return nil, fmt.Sprintf("%s has %d lines, not %d: no excerpt (the file changed since?)", file, len(lines), line)
	}
	e := &excerpt{}
	for n := max(1, line-contextLines); n <= min(len(lines), line+contextLines); n++ {
		l := excerptLine{N: n, Before: lines[n-1], Current: n == line}
		if n == line {
			l.Before, l.Mark, l.After = markExpr(lines[n-1], col, expr)
		}
		e.Lines = append(e.Lines, l)
	}
	return e, ""
}

// markExpr splits a source line around the expression's first line at
// column col (1-based), where the report's caret would be.
func markExpr(text string, col int, expr string) (before, mark, after string) {
	first, _, _ := strings.Cut(expr, "\n")
	start := col - 1
	if col <= 0 || start > len(text) {
		start = strings.Index(text, first)
	}
	if start < 0 || first == "" {
		return text, "", ""
	}
	end := min(start+len(first), len(text))
	return text[:start], text[start:end], text[end:]
}
