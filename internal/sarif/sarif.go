// Package sarif converts memlens's JSON Lines records into a SARIF 2.1.0
// log: one run, one rule per kind, one result per record in the order the
// records were written, the value propagation chains as code flows.
package sarif

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"strings"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"memlens/internal/report"
)

// SourceRoot is the uriBaseId of source files named by relative paths: the
// directory the program was compiled in.
const SourceRoot = "SRCROOT"

// Options of a conversion.
type Options struct {
	Version string // memlens's version, for tool.driver.version
	DocsURL string // absolute URL of docs/REPORTS.md; "" leaves rules without helpUri
	Root    string // absolute path of the source root, for originalUriBaseIds ("" leaves it out)
}

// Write writes the SARIF log of recs to w.
func Write(w io.Writer, recs []report.Record, opt Options) error {
	return Log(recs, opt).PrettyWrite(w)
}

// Log builds the SARIF log of recs.
func Log(recs []report.Record, opt Options) *sarif.Report {
	run := sarif.NewRunWithInformationURI("memlens", "")
	run.Tool.Driver.InformationURI = nil
	if opt.Version != "" {
		run.Tool.Driver.WithVersion(opt.Version)
	}
	if opt.Root != "" {
		root := "file://" + filepath.ToSlash(opt.Root)
		if !strings.HasSuffix(root, "/") {
			root += "/"
		}
		run.WithOriginalUriBaseIds(map[string]sarif.ArtifactLocation{SourceRoot: *sarif.NewArtifactLocation().WithURI(root)})
	}
	for _, k := range Rules {
		rule := run.AddRule(k.Kind).
			WithName(ruleName(k.Kind)).
			WithShortDescription(sarif.NewMultiformatMessageString().WithText(k.Short)).
			WithFullDescription(sarif.NewMultiformatMessageString().WithText(k.Full)).
			WithHelp(sarif.NewMultiformatMessageString().WithText(k.Full + " See docs/REPORTS.md#" + anchor(k.Kind) + ".")).
			WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(level(k.Kind)))
		if opt.DocsURL != "" {
			rule.WithHelpURI(opt.DocsURL + "#" + anchor(k.Kind))
		}
	}
	c := converter{opt: opt, run: run}
	for i := range recs {
		c.result(&recs[i])
	}
	log := sarif.NewReport()
	log.AddRun(run)
	return log
}

type converter struct {
	opt Options
	run *sarif.Run
}

// level is a result's level: leaks do no harm until memory runs out.
func level(kind string) string {
	if kind == "MEMORY-LEAK" {
		return "warning"
	}
	return "error"
}

// anchor is the heading anchor of the kind's section in docs/REPORTS.md.
func anchor(kind string) string { return strings.ToLower(kind) }

// ruleName is the kind in the CamelCase SARIF viewers expect of a name.
func ruleName(kind string) string {
	var b strings.Builder
	for _, w := range strings.Split(strings.ToLower(kind), "-") {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

func (c *converter) result(r *report.Record) {
	res := sarif.NewRuleResult(r.Kind).
		WithLevel(level(r.Kind)).
		WithMessage(sarif.NewTextMessage(r.Message))
	if i := c.run.GetRuleIndex(r.Kind); i >= 0 {
		res.WithRuleIndex(i)
	}
	if r.File != "" {
		res.AddLocation(c.location(r.File, r.Line, r.Column, r.Expr, r.Function, ""))
	}
	id := 0
	related := func(role string, e *report.Event) {
		if e == nil || e.File == "" {
			return
		}
		loc := c.location(e.File, e.Line, 0, "", e.Function, role)
		id++
		loc.WithID(id)
		res.AddRelatedLocation(loc)
	}
	if b := r.Block; b != nil {
		what := "allocated"
		if b.Kind != "heap" {
			what = "declared"
		}
		related(fmt.Sprintf("block #%d %s here", b.ID, what), b.Alloc)
		related(fmt.Sprintf("block #%d freed here", b.ID), b.Free)
	}
	if r.Block == nil || r.Block.Alloc == nil {
		related("allocated here", r.Alloc)
	}
	if r.Origin != nil {
		related("the uninitialized bytes come from here", r.Origin.Alloc)
	}
	if l := r.Lost; l != nil && r.When != report.WhenRun {
		related("its last reference was lost here ("+l.How+")", &report.Event{File: l.File, Line: l.Line, Function: l.Function})
	}
	for i, chain := range r.Chains {
		if flow := c.codeFlow(r, i, chain); flow != nil {
			res.AddCodeFlow(flow)
		}
	}
	if len(r.Stack) > 0 {
		st := sarif.NewStack().WithMessage(sarif.NewTextMessage("call stack"))
		for _, f := range r.Stack {
			st.AddFrame(sarif.NewStackFrame().WithLocation(c.location(f.File, f.Line, f.Column, "", f.Function, "")))
		}
		res.AddStack(st)
	}
	res.WithPartialFingerprints(map[string]string{"memlens/v1": c.fingerprint(r)})
	c.run.AddResult(res)
}

// location is a physical location with a logical one (the function) and
// the expression as the region's snippet; message says what happened
// there ("" for none).
func (c *converter) location(file string, line, col int, expr, function, message string) *sarif.Location {
	uri, relative := c.uri(file)
	art := sarif.NewArtifactLocation().WithURI(uri)
	if relative {
		art.WithURIBaseID(SourceRoot)
	}
	phys := sarif.NewPhysicalLocation().WithArtifactLocation(art)
	if line > 0 {
		region := sarif.NewRegion().WithStartLine(line)
		if col > 0 {
			region.WithStartColumn(col)
			if expr != "" && !strings.ContainsAny(expr, "\r\n") {
				region.WithEndColumn(col + len(expr))
			}
		}
		if expr != "" {
			region.WithSnippet(sarif.NewArtifactContent().WithText(expr))
		}
		phys.WithRegion(region)
	}
	loc := sarif.NewLocationWithPhysicalLocation(phys)
	if function != "" {
		loc.AddLogicalLocation(sarif.NewLogicalLocation().WithName(function).WithKind("function"))
	}
	if message != "" {
		loc.WithMessage(sarif.NewTextMessage(message))
	}
	return loc
}

// uri is a file's URI and whether it is relative to SourceRoot: a
// relative path, or an absolute one under Options.Root, cleaned; other
// absolute paths as file URIs. Characters a URI does not allow are
// escaped.
func (c *converter) uri(file string) (uri string, relative bool) {
	file = path.Clean(filepath.ToSlash(file))
	if !strings.HasPrefix(file, "/") {
		return escapePath(file), true
	}
	if c.opt.Root != "" {
		if rel, err := filepath.Rel(c.opt.Root, file); err == nil && filepath.IsLocal(rel) {
			return escapePath(filepath.ToSlash(rel)), true
		}
	}
	return "file://" + escapePath(file), false
}

func escapePath(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		ch := p[i]
		if ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || strings.IndexByte("-._~/!$&'()*+,;=:@", ch) >= 0 {
			b.WriteByte(ch)
		} else {
			fmt.Fprintf(&b, "%%%02X", ch)
		}
	}
	return b.String()
}

// codeFlow is chain i as a thread flow, oldest step first as SARIF wants
// (the record's chains are newest first), each step at its statement.
func (c *converter) codeFlow(r *report.Record, i int, chain []report.Step) *sarif.CodeFlow {
	flow := sarif.NewThreadFlow()
	for j := len(chain) - 1; j >= 0; j-- {
		s := chain[j]
		if s.File == "" {
			continue
		}
		text := s.Stmt + ": " + r.StepNote(chain, j)
		if s.How == report.HowHere {
			text = s.Stmt + ": the faulting statement"
			if s.Origin != "" {
				text = s.Stmt + ": made by this statement: " + r.OriginText(s.Origin)
			}
		}
		tfl := sarif.NewThreadFlowLocation().
			WithLocation(c.location(s.File, s.Line, s.Column, s.Stmt, s.Function, text)).
			WithExecutionOrder(len(chain) - 1 - j)
		tfl.WithKinds([]string{stepKind(s)})
		flow.AddLocation(tfl)
	}
	if len(flow.Locations) == 0 {
		return nil
	}
	return sarif.NewCodeFlow().
		WithMessage(sarif.NewTextMessage(r.ChainTitle(i))).
		WithThreadFlows([]*sarif.ThreadFlow{flow})
}

// stepKind is a thread flow location kind (SARIF §3.38.8) for a step.
func stepKind(s report.Step) string {
	switch {
	case s.Origin == report.OriginAllocation:
		return "acquire"
	case s.How == report.HowArgument:
		return "call"
	case s.How == report.HowReturn:
		return "return"
	}
	return "value"
}

// fingerprint identifies the bug across runs and machines: the kind,
// where (file relative to the source root, function, expression; the line
// only for a fatal signal, which has no expression) and, for a leak, the
// allocating functions. No address, pid, block id, thread or absolute path
// goes into it, nor anything read from the source files, which one machine
// may have and another not.
func (c *converter) fingerprint(r *report.Record) string {
	h := sha256.New()
	field := func(s string) { fmt.Fprintf(h, "%d:%s", len(s), s) }
	field(r.Kind)
	if uri, relative := c.uri(r.File); relative {
		field(uri)
	} else {
		field(path.Base(uri)) // (where the file lies differs between machines)
	}
	field(r.Function)
	field(strings.Join(strings.Fields(r.Expr), " "))
	if r.Expr == "" {
		field(fmt.Sprint(r.Line))
	}
	if r.Kind == "MEMORY-LEAK" {
		field(r.Leak)
		frames := r.Stack
		if r.Alloc != nil {
			frames = r.Alloc.Stack
		}
		for _, f := range frames {
			field(f.Function)
		}
	}
	if r.Signal != "" {
		field(r.Signal)
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}
