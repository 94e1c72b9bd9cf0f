package report

import (
	"fmt"
	"strings"
)

// This file writes a record as the text report the runtime printed for it
// (runtime/report.c: ml_text, ml_fault_text), line for line.
// The source line, which records do not carry, comes from the file.

// Text returns the text report of r; sources supplies the source line
// (nil: none is shown).
func (r *Record) Text(sources *Sources) string {
	var b strings.Builder
	t := textWriter{b: &b, r: r, src: sources}
	if r.Signal != "" {
		t.fault()
	} else {
		t.report()
	}
	return b.String()
}

type textWriter struct {
	b   *strings.Builder
	r   *Record
	src *Sources
}

func (t *textWriter) put(s string)            { t.b.WriteString(s) }
func (t *textWriter) putf(f string, a ...any) { fmt.Fprintf(t.b, f, a...) }
func (t *textWriter) line(s string)           { t.put("    " + s + "\n") }
func (t *textWriter) thread(tid int) string   { return fmt.Sprintf("thread T%d", tid) }

// head writes the headline "==PID== memlens: KIND: WHAT" (ml_thead).
func (t *textWriter) head(what string) { t.putf("==%d== memlens: %s: %s\n", t.r.Pid, t.r.Kind, what) }

// by writes " by thread TN at:" and the stack (ml_tby).
func (t *textWriter) by(tid int, stack []Frame) {
	t.put(" by " + t.thread(tid) + " at:\n")
	t.stack(stack)
}

// threads writes where the threads the report involves were created
// (ml_tthread_origin).
func (t *textWriter) threads() {
	for _, th := range t.r.Threads {
		if th.Created == nil {
			t.line(t.thread(th.Thread) + " was not started by instrumented code")
			continue
		}
		t.putf("    %s created by T%d at:\n", t.thread(th.Thread), th.Created.Thread)
		t.stack(th.Created.Stack)
	}
}

// caller writes the "called from uninstrumented code" line (ml_tpc).
func (t *textWriter) caller() {
	c := t.r.Caller
	t.put("    called from uninstrumented code at " + c.PC)
	if c.Symbol != "" {
		t.put(" in " + c.Symbol + "+" + c.Offset)
	}
	if c.Object != "" {
		t.put(" (" + c.Object[strings.LastIndexByte(c.Object, '/')+1:] + ")")
	}
	t.put("\n")
}

func (t *textWriter) summary(place string) { t.put("SUMMARY: memlens: " + t.r.Kind + place + "\n") }

// orUnknown is s, or "?" for a name the runtime did not have.
func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

func plural(n uint64, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func bytesText(n uint64) string { return fmt.Sprintf("%d %s", n, plural(n, "byte", "bytes")) }

// hasSite tells a record with a source location from one without.
func (r *Record) hasSite() bool { return r.File != "" || r.Function != "" || r.Line != 0 }

// splitMessage splits a message into the headline's WHAT and the rest.
func splitMessage(m string) (what, rest string) {
	what, rest, _ = strings.Cut(m, ": ")
	return what, rest
}

func (t *textWriter) sourceOf(file string, n int) (string, bool) {
	if t.src == nil || n == 0 {
		return "", false
	}
	return t.src.Line(file, n)
}

func (t *textWriter) stack(frames []Frame) {
	if len(frames) == 0 {
		t.put("      (no instrumented frames)\n")
	}
	for i, f := range frames {
		t.putf("      #%d %s %s:%d\n", i, orUnknown(f.Function), orUnknown(f.File), f.Line)
	}
}

// source writes the source line and, with a column, the caret line under
// the expression (ml_tsource).
func (t *textWriter) source() {
	text, ok := t.sourceOf(t.r.File, t.r.Line)
	if !ok {
		return
	}
	width := max(len(fmt.Sprint(t.r.Line)), 4)
	t.putf("%*d | %s\n", 4+width, t.r.Line, text)
	if t.r.Column == 0 {
		return
	}
	t.put(strings.Repeat(" ", 4+width) + " | ")
	c := min(t.r.Column-1, len(text))
	for i := 0; i < c; i++ {
		if text[i] == '\t' {
			t.put("\t")
		} else {
			t.put(" ")
		}
	}
	n := len(t.r.Expr)
	if i := strings.IndexAny(t.r.Expr, "\r\n"); i >= 0 {
		n = i
	}
	n = max(n, 1)
	if c+n > len(text) {
		n = max(len(text)-c, 1)
	}
	t.put("^" + strings.Repeat("~", n-1))
	if t.r.Expr != "" {
		t.put("    " + squeeze(t.r.Expr, 80))
	}
	t.put("\n")
}

// squeeze puts an expression on one line, each run of white space one
// space, cut after max characters with "..." (ml_bexpr).
func squeeze(e string, max int) string {
	var b strings.Builder
	n, space := 0, false
	i := 0
	for ; i < len(e) && n < max; i++ {
		switch c := e[i]; c {
		case '\n', '\t', '\r', ' ':
			space = true
		default:
			if space && n > 0 {
				b.WriteByte(' ')
				n++
			}
			space = false
			b.WriteByte(c)
			n++
		}
	}
	if i < len(e) {
		b.WriteString("...")
	}
	return b.String()
}

// fault writes the report of a fatal signal (ml_fault_text).
func (t *textWriter) fault() {
	r := t.r
	what, why := splitMessage(r.Message)
	if r.CodeLocation != "" {
		why = strings.TrimSuffix(why, " ("+r.CodeLocation+")")
	}
	t.head(what)
	t.put("    at " + t.faultPlace() + " (" + t.thread(r.Thread) + ")\n")
	if r.hasSite() {
		t.source()
	}
	if r.CodeLocation != "" {
		t.line(r.CodeLocation)
	}
	if r.LocationNote != "" {
		t.line(r.LocationNote)
	}
	t.line(why)
	t.line("the program dies of " + r.Signal + ", as it would without memlens")
	t.line("call stack:")
	t.stack(r.Stack)
	t.threads()
	place := ""
	if r.hasSite() {
		place = " " + t.faultPlace()
	}
	t.summary(place)
}

// faultPlace is "FILE:LINE in FUNC", "FILE in FUNC", "FUNC" or
// "<unknown location>" (ml_fault_place).
func (t *textWriter) faultPlace() string {
	r := t.r
	if !r.hasSite() {
		return "<unknown location>"
	}
	place := ""
	if r.File != "" {
		place = r.File
		if r.Line != 0 {
			place += fmt.Sprintf(":%d", r.Line)
		}
		place += " in "
	}
	return place + orUnknown(r.Function)
}

// report writes an access, free or leak report (ml_text).
func (t *textWriter) report() {
	r := t.r
	what, where := splitMessage(r.Message)
	for i := len(r.Notes) - 1; i >= 0; i-- {
		where = strings.TrimSuffix(where, " ("+r.Notes[i]+")")
	}
	t.head(what)
	if r.hasSite() {
		t.putf("    at %s:%d:%d in %s (%s)\n", orUnknown(r.File), r.Line, r.Column, orUnknown(r.Function), t.thread(r.Thread))
		t.source()
	} else {
		t.put("    at <unknown location> (" + t.thread(r.Thread) + ")\n")
	}
	if r.Caller != nil {
		t.caller()
	}
	for _, n := range r.Notes {
		t.line(n)
	}
	switch {
	case r.Kind == "MEMORY-LEAK":
		t.leak(where)
	case r.Typestate != nil:
		t.typestate(where)
	default:
		t.details(where)
	}
	switch {
	case r.hasSite():
		t.summary(fmt.Sprintf(" %s:%d in %s", orUnknown(r.File), r.Line, orUnknown(r.Function)))
	case strings.HasSuffix(what, ")") && strings.Contains(what, " (in "):
		t.summary(" in " + what[strings.LastIndex(what, " (in ")+5:len(what)-1])
	default:
		t.summary("")
	}
}

// details writes the body of an access or free report (ml_tdetails).
func (t *textWriter) details(where string) {
	r := t.r
	uninit := r.Kind == "UNINITIALIZED-READ"
	if r.Address != "0x0" || !uninit {
		t.line(where)
	}
	if uninit {
		t.origin()
	}
	k := r.Block
	described := r.Kind == "NULL-POINTER-DEREF" || uninit || k == nil
	heap := !described && k.Kind == "heap"
	if heap && k.Free != nil {
		freed := "freed"
		if r.Kind == "DOUBLE-FREE" {
			freed = "first freed"
		}
		t.putf("    block #%d %s", k.ID, freed)
		if k.Free.ByRealloc {
			t.put(" (by realloc)")
		}
		t.by(k.Free.Thread, k.Free.Stack)
	}
	if heap && k.Alloc != nil {
		t.putf("    block #%d allocated", k.ID)
		t.by(k.Alloc.Thread, k.Alloc.Stack)
	}
	if heap {
		t.names(k.Names, k.NamesMore)
	}
	if !described && k.Kind == "stack" && k.Alloc != nil {
		if strings.Contains(where, "block of `"+k.Name+"`") {
			t.put("    block allocated (alloca)")
		} else {
			t.put("    local variable declared")
		}
		t.by(k.Alloc.Thread, k.Alloc.Stack)
	}
	for i, c := range r.Chains {
		t.chain(r.ChainTitle(i), c)
	}
	t.line("call stack:")
	t.stack(r.Stack)
	t.threads()
}

// ChainTitle names chain i the way ml_chains_collect does: as the record
// says, or for a record without chain_titles (an older memlens) by its
// kind and place.
func (r *Record) ChainTitle(i int) string {
	if i < len(r.ChainTitles) {
		return r.ChainTitles[i]
	}
	what, _ := splitMessage(r.Message)
	switch {
	case r.Kind == "UNINITIALIZED-READ":
		return "the uninitialized value"
	case i == 1:
		return "the pointer that freed the block"
	case r.Access == AccessFree:
		return "the pointer freed here"
	case r.Access == AccessRealloc:
		return "the pointer given to realloc here"
	case r.Kind == "NULL-POINTER-DEREF":
		return "the null pointer"
	case strings.Contains(what, " (in "):
		return "the pointer given to the call"
	}
	return "the pointer dereferenced here"
}

// origin writes where an uninitialized value came from (ml_torigin).
func (t *textWriter) origin() {
	o := t.r.Origin
	if o == nil {
		t.line("where the uninitialized value came from is not known")
		return
	}
	var stack []Frame
	tid := 0
	if o.Alloc != nil {
		stack, tid = o.Alloc.Stack, o.Alloc.Thread
	}
	if o.Kind == "heap" {
		t.putf("    the uninitialized bytes come from heap block #%d (%s), never written since it was allocated", o.ID, bytesText(o.Size))
		t.by(tid, stack)
		return
	}
	if t.r.Address != "0x0" {
		t.put("    the uninitialized bytes come from ")
	} else {
		t.put("    the uninitialized value comes from ")
	}
	if o.Kind == "global" {
		t.put("global variable `")
	} else {
		t.put("local variable `")
	}
	t.put(orUnknown(o.Name) + "`")
	if o.Size != 0 {
		t.put(" (" + bytesText(o.Size) + ")")
	}
	t.put(", declared without an initializer at:\n")
	t.stack(stack)
}

// originTexts are the runtime's words for how a value was made (ml_gens).
var originTexts = map[string]string{
	OriginNull:          "a null pointer constant",
	OriginAllocation:    "a block the allocator returned",
	OriginAddress:       "the address of an object",
	OriginLiteral:       "the address of a string literal",
	OriginCall:          "the result of a function memlens does not see",
	OriginInteger:       "an integer made into a pointer",
	OriginOpaque:        "a value computed where memlens does not follow it",
	OriginCaller:        "an argument of a caller memlens does not see",
	OriginUninitialized: "the variable was never assigned",
	OriginDeclaration:   "declared without an initializer",
	OriginInitializer:   "its initial value (nothing memlens sees stored another)",
}

// OriginText is how the runtime's text says a value was made.
func (r *Record) OriginText(origin string) string {
	if origin == OriginCall && r.Kind == "NULL-POINTER-DEREF" {
		return "NULL, returned by the call"
	}
	return orUnknown(originTexts[origin])
}

// StepText says how a step carried the value, as the text report does
// (ml_link_how).
func StepText(s Step) string {
	switch s.How {
	case HowCopy:
		if s.To == "" {
			return "copied by the call"
		}
		return "copied into " + s.To + " with the object holding it"
	case HowStore:
		return "stored into " + s.To
	case HowAssign:
		return "assigned to " + s.To
	case HowReturn:
		return "returned by " + orUnknown(s.Function) + "()"
	case HowArgument:
		return "passed to " + s.To
	case HowRead:
		return "read into a value"
	case HowInitial:
		return "held by " + s.To
	}
	return "handed on by the call"
}

// chain writes one value propagation chain (ml_tchain).
func (t *textWriter) chain(title string, steps []Step) {
	if len(steps) == 0 {
		return
	}
	r := t.r
	undef := r.Kind == "UNINITIALIZED-READ"
	last := steps[len(steps)-1]
	if last.How == HowHere {
		if last.Origin != "" {
			t.line(title + " is " + r.OriginText(last.Origin) + ", made by this statement")
			return
		}
		steps = steps[:0]
	}
	if undef {
		t.line(title + " came (value propagation, newest first):")
	} else {
		t.line(title + " got its value (value propagation, newest first):")
	}
	for i, s := range steps {
		fn := ""
		if s.Function != "" {
			fn = s.Function + " "
		}
		t.putf("      #%d %s%s:%d: %s  [", i, fn, orUnknown(s.File), s.Line, squeeze(s.Stmt, 70))
		t.put(r.StepNote(steps, i))
		t.put("]\n")
	}
	if last.More != 0 {
		t.putf("      ... and %d older steps\n", last.More)
	}
	switch last.End {
	case EndUnknown:
		t.put("      (where the value was before is not known)\n")
	case EndDropped:
		t.putf("      (older steps are gone: the newest %d are kept, see the explain_ring option)\n", last.Kept)
	case EndUnseen:
		t.put("      (it was loaded from " + last.From + ", where no instrumented statement stored it: an initial value, or a store by code memlens does not see)\n")
	case EndCut:
		t.put("      (the walk back stops here)\n")
	}
}

// StepNote is what the text report says in brackets after step i of a
// chain: how it carried the value, how often, by which thread, and on
// the last step how the value was made there.
func (r *Record) StepNote(steps []Step, i int) string {
	s := steps[i]
	undef := r.Kind == "UNINITIALIZED-READ"
	made := i == len(steps)-1 && s.Origin != ""
	var b strings.Builder
	switch {
	case made && undef && s.Origin == OriginAllocation:
		b.WriteString("allocated, never written since")
	case made && undef:
		b.WriteString(r.OriginText(s.Origin))
	default:
		b.WriteString(StepText(s))
	}
	if s.Repeat != 0 {
		fmt.Fprintf(&b, "; %d times in a row", s.Repeat+1)
	}
	if s.Thread != r.Thread {
		fmt.Fprintf(&b, "; by thread T%d", s.Thread)
	}
	if made && !undef {
		b.WriteString("; made here: " + r.OriginText(s.Origin))
	}
	return b.String()
}

// names writes "it was pointed to or returned by: …" (ml_tnames).
func (t *textWriter) names(names []Name, more bool) {
	if len(names) == 0 {
		return
	}
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = n.Text()
	}
	s := strings.Join(parts, ", ")
	if more {
		s += ", and more places"
	}
	t.line("it was pointed to or returned by: " + s)
}

// Text is how reports list the name: "n (make, a.c:9)", "the result of
// make() (a.c:12)".
func (n Name) Text() string {
	where := fmt.Sprintf("%s:%d", baseName(n.File), n.Line)
	if n.Returned {
		return "the result of " + n.Name + "() (" + where + ")"
	}
	if n.Function != "" {
		where = n.Function + ", " + where
	}
	return n.Name + " (" + where + ")"
}

// leak writes the body of a MEMORY-LEAK report (ml_tleak).
func (t *textWriter) leak(why string) {
	r := t.r
	t.line(why)
	if r.Lost != nil {
		t.lost()
	}
	t.names(r.Names, r.NamesMore)
	if r.Untracked {
		t.line("memlens could not follow every pointer to it (one became an integer or went to code built without memlens), so it was found " + t.found())
	}
	id, size := uint64(0), uint64(0)
	if r.Block != nil {
		id, size = r.Block.ID, r.Block.Size
	}
	t.putf("    block #%d (%s)", id, bytesText(size))
	if r.Blocks > 1 {
		t.putf(" and %d %s", r.Blocks-1, plural(r.Blocks-1, "other", "others"))
	}
	t.put(" allocated")
	tid, stack := r.Thread, r.Stack
	if r.Alloc != nil {
		tid, stack = r.Alloc.Thread, r.Alloc.Stack
	}
	t.by(tid, stack)
	t.threads()
}

// found says which check found a leak: at exit, or the one the program
// asked for.
func (t *textWriter) found() string {
	if t.r.When == WhenCheck {
		return "when the program called " + t.r.Check
	}
	return "at exit"
}

// lost writes where the last reference went (ml_tlost).
func (t *textWriter) lost() {
	r, l := t.r, t.r.Lost
	if r.When != WhenRun {
		if l.How == "cycle" {
			t.put("    the last reference from outside its cycle was lost at ")
		} else {
			t.put("    its last reference was lost at ")
		}
		ended := "as the program ended"
		if r.When == WhenCheck {
			ended = "before the program called " + r.Check
		}
		t.putf("%s:%d in %s (%s), %s\n", l.File, l.Line, orUnknown(l.Function), l.How, ended)
		return
	}
	if r.Cycle > 1 {
		t.putf("    %d blocks cut off together\n", r.Cycle)
	}
	variable, rhs, isLvalue := l.assigned()
	how := l.How
	if l.Via != "" {
		how = l.Via
	}
	switch {
	case isLvalue && rhs != "" && how == "assignment":
		t.line("Assigning from " + rhs + " to " + variable)
	case isLvalue && how == "scope-exit":
		t.line("variable " + variable + " left scope")
	case how == "scope-exit":
		vars := r.returningVariables()
		for i, v := range vars {
			switch {
			case i > 0:
				t.put(", ")
			case len(vars) == 1:
				t.put("    variable ")
			default:
				t.put("    one of the variables ")
			}
			t.put(v.Name)
			if l.Jumped {
				t.put(" (" + v.Function + ")")
			}
		}
		switch {
		case len(vars) > 0 && l.Jumped:
			t.put(" left scope: the longjmp skipped its frame\n")
		case len(vars) > 0:
			t.put(" left scope as its function returned\n")
		case l.Jumped:
			t.line("the longjmp skipped the frame of the local that held it")
		}
	}
	if r.Depth != 0 {
		t.putf("    %d %s from the block whose loss it follows\n", r.Depth, plural(uint64(r.Depth), "pointer step", "pointer steps"))
	}
}

// assigned tells whether the loss statement begins with the variable it
// names (the lvalue losing the reference, ml_loss_var), and what was
// assigned to it ("" if not an assignment). Else the variable, if any, is
// a local that held the reference when its function returned.
func (l *Loss) assigned() (variable, rhs string, isLvalue bool) {
	rest, ok := strings.CutPrefix(l.Expr, l.Variable)
	if l.Variable == "" || !ok || rest != "" && (isIdentifier(rest[:1]) || strings.ContainsAny(rest[:1], ".[") || strings.HasPrefix(rest, "->")) {
		return l.Variable, "", false
	}
	rest = strings.TrimLeft(rest, " \t")
	if after, ok := strings.CutPrefix(rest, "="); ok {
		rhs = strings.TrimLeft(after, " \t")
	}
	return l.Variable, rhs, true
}

// returningVariables are the block's names that are local variables of
// the function whose return lost it, or of any function when a longjmp
// skipped their frames (ml_returning_vars).
func (r *Record) returningVariables() []Name {
	var vars []Name
	for _, n := range r.Names {
		if !n.Returned && (r.Lost.Jumped || n.Function == r.Lost.Function) && isIdentifier(n.Name) {
			vars = append(vars, n)
		}
	}
	return vars
}

func isIdentifier(s string) bool {
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// typestate writes the body of a TYPESTATE-VIOLATION (ml_tsv_text).
func (t *textWriter) typestate(why string) {
	r, ts := t.r, t.r.Typestate
	t.line(why)
	t.line("observed typestate " + ts.Observed + " at " + ts.At)
	if ts.PrecededBy != "" {
		t.line("the address is preceded by " + runText(ts.PrecededBytes) + " of typestate " + ts.PrecededBy)
	}
	if ts.Offset != 0 {
		t.line("the address is " + runText(ts.Offset) + " into " + runText(ts.Bytes) + " of typestate " + ts.Observed)
	} else {
		t.line("the address starts " + runText(ts.Bytes) + " of typestate " + ts.Observed)
	}
	if ts.FollowedBy != "" {
		t.line("this is followed by " + runText(ts.FollowedBytes) + " of typestate " + ts.FollowedBy)
	}
	if ts.Asserted == "" {
		mode := " (typestate=light: those no annotation names are not checked):"
		if ts.Mode == "heavy" {
			mode = " (typestate=heavy):"
		}
		t.line("the typestates this code may " + r.Access + mode)
		if len(ts.Permitted) == 0 {
			t.put("      none\n")
		}
		for _, g := range ts.Permitted {
			t.putf("      %s: %s at %s:%d in %s\n", g.Typestate, g.By, orUnknown(g.File), g.Line, orUnknown(g.Function))
		}
		if ts.PermittedMore {
			t.put("      and more\n")
		}
	}
	if len(ts.Changed) != 0 {
		t.line("the address last changed typestate at:")
		t.stack(ts.Changed)
	} else {
		t.line("the address never changed typestate")
	}
	t.line("call stack:")
	t.stack(r.Stack)
	t.threads()
}

// runMax is the runtime's ML_PCK_RUN_MAX: runs of typestates around the
// address are measured up to it.
const runMax = 65536

func runText(n uint64) string {
	if n >= runMax {
		return "at least " + bytesText(n)
	}
	return bytesText(n)
}
