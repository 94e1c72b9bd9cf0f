package rules

import (
	"strconv"
	"strings"
)

// Format prints a file in canonical form: the same rules, one clause part
// per line, parentheses only where the grammar needs them.
func Format(f *File) string {
	var b strings.Builder
	for _, d := range f.Defs {
		b.WriteString(FormatDef(d))
		b.WriteString("\n")
	}
	for i, r := range f.Rules {
		if i > 0 || len(f.Defs) > 0 {
			b.WriteString("\n")
		}
		b.WriteString(FormatRule(r))
	}
	return b.String()
}

// FormatDef prints a def on one line.
func FormatDef(d *Def) string {
	var params []string
	for _, p := range d.Params {
		params = append(params, p.Name)
	}
	return "def " + d.Name + "(" + strings.Join(params, ", ") + ") = " + FormatExpr(d.Body)
}

// FormatRule prints a rule, its clauses indented by two spaces.
func FormatRule(r *Rule) string {
	var b strings.Builder
	b.WriteString("rule " + r.Name)
	if r.Desc != "" {
		b.WriteString(" " + strconv.Quote(r.Desc))
	}
	b.WriteString("\n")
	for _, c := range r.Clauses {
		b.WriteString("  detect " + FormatPoint(c.Point) + "\n")
		if c.When != nil {
			b.WriteString("  when   " + FormatExpr(c.When) + "\n")
		}
		if len(c.Locate) > 0 {
			var ls []string
			for _, l := range c.Locate {
				ls = append(ls, "VPC("+l.X.Name+")")
			}
			b.WriteString("  locate " + strings.Join(ls, ", ") + "\n")
		}
	}
	return b.String()
}

// FormatPoint prints a detection point: deref r, n; call F(a, b); index a[i].
func FormatPoint(p *Point) string {
	var vars []string
	for _, v := range p.Vars {
		vars = append(vars, v.Name)
	}
	switch p.Kind {
	case Call, Ret:
		s := p.Kind.String() + " " + p.Func.Name
		if p.Parens {
			s += "(" + strings.Join(vars, ", ") + ")"
		}
		if p.Result != nil {
			s += " = " + p.Result.Name
		}
		return s
	case Index:
		return "index " + vars[0] + "[" + vars[1] + "]"
	}
	return p.Kind.String() + " " + strings.Join(vars, ", ")
}

// FormatExpr prints an expression.
func FormatExpr(x Expr) string {
	var b strings.Builder
	printExpr(&b, x, true)
	return b.String()
}

// precedence of a binary operator (higher binds tighter).
func precedence(op string) int {
	switch op {
	case "||":
		return 1
	case "&&":
		return 2
	case "==", "!=", "<", "<=", ">", ">=":
		return 3
	case "+", "-", "|":
		return 4
	case "&":
		return 5
	}
	return 6
}

func exprPrec(x Expr) int {
	switch x := x.(type) {
	case *Binary:
		return precedence(x.Op)
	case *Quant:
		return 0
	case *Unary:
		return 2 // ! takes a whole comparison: !a == b is !(a == b)
	}
	return 6
}

// printExpr writes x; last says nothing follows it (a quantifier's body
// runs to the end, so one followed by more needs parentheses).
func printExpr(b *strings.Builder, x Expr, last bool) {
	switch x := x.(type) {
	case *Ident:
		b.WriteString(x.Name)
	case *IntLit:
		b.WriteString(x.Text)
	case *NullLit:
		b.WriteString("NULL")
	case *EmptySet:
		b.WriteString("{}")
	case *CallExpr:
		b.WriteString(x.Name + "(")
		for i, a := range x.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			printExpr(b, a, true)
		}
		b.WriteString(")")
	case *Unary:
		b.WriteString("!")
		bin, ok := x.X.(*Binary)
		operand(b, x.X, ok && precedence(bin.Op) <= 2, last)
	case *Quant:
		if x.All {
			b.WriteString("forall ")
		} else {
			b.WriteString("exists ")
		}
		b.WriteString(x.Var.Name + " in " + x.Dom.Name + ": ")
		printExpr(b, x.Body, true)
	case *Binary:
		p := precedence(x.Op)
		operand(b, x.X, binaryParen(x.X, p, false), false)
		b.WriteString(" " + x.Op + " ")
		operand(b, x.Y, binaryParen(x.Y, p, true), last)
	}
}

// binaryParen says whether an operand of an operator of precedence p needs
// parentheses: one binding less tightly, a right operand binding as
// tightly (operators group to the left), a comparison in a comparison (they
// do not chain); a negation or quantifier inside anything but && and ||.
func binaryParen(x Expr, p int, right bool) bool {
	switch x.(type) {
	case *Unary, *Quant:
		return p >= 3
	}
	q := exprPrec(x)
	return q < p || q == p && (right || p == 3)
}

func operand(b *strings.Builder, x Expr, paren, last bool) {
	if _, q := x.(*Quant); q && !last {
		paren = true
	}
	if paren {
		b.WriteString("(")
		printExpr(b, x, true)
		b.WriteString(")")
		return
	}
	printExpr(b, x, last)
}
