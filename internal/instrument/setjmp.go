package instrument

import (
	"regexp"
	"strings"

	"modernc.org/cc/v4"
)

// setjmpWrites says which of memlens's variables of a function calling
// setjmp must be volatile. C11 7.13.2.1: after a longjmp back, a
// non-volatile local keeps its value unless it was changed between the
// setjmp and the longjmp. The prologue and the text before the first
// setjmp (its own words, unless its jmp_buf keeps them: nobj, the
// grants' depth, the side stack's top) run once, before any setjmp, when
// no setjmp is in a loop and no label lets a goto run them again (C allows
// a setjmp only as a whole expression statement or a controlling
// expression's comparison, so what precedes it in the text runs before
// it): a variable written only there
// keeps its value through every longjmp back, and is not stored and
// reloaded at each use (ldo.c's luaD_rawrunprotected: 594 instructions to
// 565) nor given a slot when it does not live across the setjmp. Those
// written after the first setjmp, or whose address is taken, stay
// volatile.
type setjmpWrites struct {
	all   bool            // a setjmp may run again after the writes ahead of it: every variable is volatile
	after map[string]bool // variables written after the first setjmp, or whose address is taken
}

// volatile reports whether name must be volatile (w nil: no setjmp).
func (w *setjmpWrites) volatile(name string) bool {
	return w != nil && (w.all || w.after[name])
}

// afterSetjmp marks where the code of a setjmp's first return begins in
// the rewritten text (call.go): its words' restoring, kept in the frame or
// in the jmp_buf.
var afterSetjmp = regexp.MustCompile(`__ml_after_setjmp\(|__ml_setjmp_kept\(`)

var memlensName = regexp.MustCompile(`__ml_[A-Za-z0-9_]+`)

// setjmpWrites finds the variables the rewritten body writes after its
// first setjmp, or nil if the function calls none.
func (r *rewriter) setjmpWrites(body *cc.CompoundStatement, items frag) *setjmpWrites {
	if !r.fn.setjmp {
		return nil
	}
	var b strings.Builder
	items.each(func(p piece) {
		switch {
		case p.late != nil:
			b.WriteString(p.late())
		case !p.isTok:
			b.WriteString(p.text)
		}
	})
	text := b.String()
	first := -1
	if loc := afterSetjmp.FindStringIndex(text); loc != nil {
		first = loc[0]
	}
	w := &setjmpWrites{after: map[string]bool{}}
	w.all = first < 0 || r.fn.unseenWrites || setjmpRepeats(body)
	for _, m := range memlensName.FindAllStringIndex(text, -1) {
		before := strings.TrimRight(text[:m[0]], " \t\n")
		if strings.HasSuffix(before, "&") || m[0] > first && written(before, text[m[1]:]) {
			w.after[text[m[0]:m[1]]] = true
		}
	}
	return w
}

// written reports whether the name between before (trimmed) and after is
// assigned, incremented or an asm output there.
func written(before, after string) bool {
	after = strings.TrimLeft(after, " \t\n")
	switch {
	case strings.HasSuffix(before, "++"), strings.HasSuffix(before, "--"), strings.HasSuffix(before, `"(`):
		return true
	case strings.HasPrefix(after, "++"), strings.HasPrefix(after, "--"), strings.HasPrefix(after, "<<="), strings.HasPrefix(after, ">>="):
		return true
	case strings.HasPrefix(after, "=="):
		return false
	case strings.HasPrefix(after, "="):
		return true
	}
	return len(after) > 1 && after[1] == '=' && strings.ContainsRune("+-*/%&|^", rune(after[0]))
}

// setjmpRepeats reports whether code ahead of a setjmp in body may run
// after it: the setjmp is in a loop, or a label lets a goto go back.
func setjmpRepeats(body *cc.CompoundStatement) bool {
	found := false
	walkNodes(body, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.IterationStatement:
			found = calls(x, setjmps)
		case *cc.LabeledStatement:
			found = x.Case == cc.LabeledStatementLabel
		}
		return !found
	})
	return found
}
