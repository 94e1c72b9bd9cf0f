package rules

// File is a parsed rules file: auxiliary predicates and rules, in the
// order written (a detection point runs its rules in that order).
type File struct {
	Name  string
	Defs  []*Def
	Rules []*Rule
}

// Def is an auxiliary predicate (or function): def NAME(PARAMS) = BODY.
type Def struct {
	Pos    Pos
	Name   string
	Params []*Ident
	Body   Expr

	// set by the checker
	paramTypes []typeSet // what each parameter may be
	result     Type
	checked    int // 0 not yet, 1 in progress (a cycle), 2 done
}

// Rule is one bug kind: its name (the report's kind), an optional
// description, and one or more detectors (a rule may watch several
// detection points).
type Rule struct {
	Pos     Pos
	Name    string
	Desc    string
	Clauses []*Clause
}

// Clause is one detector and locator: detect POINT [when COND] [locate
// VPC(x), ...] (paper 000 §2.1: detection point, bug condition, value
// propagation).
type Clause struct {
	Pos    Pos // of "detect"
	Point  *Point
	When   Expr // nil: the rule fires whenever the point is reached
	Locate []*Locator

	Vars []*Var // set by the checker: every variable of the clause, in binding order
}

// PointKind is a detection point (paper 000 §2.1, extended).
type PointKind int

const (
	Deref  PointKind = iota // deref r[, n]: a read or write of n bytes at r
	DerefR                  // deref_r r[, n]: a read
	DerefW                  // deref_w r[, n]: a write
	Free                    // free r (free, and realloc's release)
	Call                    // call F(a, b, ...): F is entered with these arguments
	Ret                     // ret F(a, b, ...) = v: F returns v (ret main: the program ends)
	Index                   // index a[i]: an index of a named array out of its declared bounds
	Use                     // use v: a value decides something (full checking)
	Leak                    // leak b: block b is lost
)

var pointNames = []string{"deref", "deref_r", "deref_w", "free", "call", "ret", "index", "use", "leak"}

func (k PointKind) String() string { return pointNames[k] }

// Point is a rule's detection point and the variables it binds.
type Point struct {
	Pos    Pos
	Kind   PointKind
	Func   *Ident   // call, ret: the function
	Vars   []*Ident // the variables bound, by position ("_" for none)
	Parens bool     // call F(...) rather than call F
	Result *Ident   // ret F(...) = v: the value returned, or nil
}

// Locator is VPC(x): show the value propagation chain of x.
type Locator struct {
	Pos Pos
	X   *Ident
}

// Expr is a condition or a term.
type Expr interface {
	Pos() Pos
	Type() Type
}

// Ident is a variable, a function or event name inside FindLast, H or F, or
// the wildcard "_".
type Ident struct {
	At   Pos
	Name string

	typ   Type
	Var   *Var // set by the checker for variables
	Binds bool // this occurrence binds Var (an output argument, a point, a quantifier)
}

// IntLit is an integer constant.
type IntLit struct {
	At   Pos
	Text string
	Val  uint64
}

// NullLit is NULL.
type NullLit struct{ At Pos }

// EmptySet is {}, the empty set (dom(H) != {}).
type EmptySet struct{ At Pos }

// CallExpr is a predicate or function applied to arguments: Freed(r, r1),
// Begin(r), FindLast(k, call, F, _), or a def's name.
type CallExpr struct {
	At     Pos
	Name   string
	Args   []Expr
	Rparen Pos

	Fn        *Builtin   // set by the checker: the builtin, or nil for a def
	Def       *Def       // or the def
	Expansion *Expansion // and its body where it is used
	typ       Type
}

// Expansion is a def's body at one use: a copy typed for the arguments
// there, its parameters variables of the clause.
type Expansion struct {
	Def    *Def
	Params []*Var
	Body   Expr
	call   *CallExpr // the use
}

// Unary is !X.
type Unary struct {
	At Pos
	X  Expr
}

// Binary is X op Y: arithmetic, comparison, && or ||.
type Binary struct {
	OpPos Pos
	Op    string
	X, Y  Expr

	typ Type
}

// Quant is exists/forall V in H|F: BODY.
type Quant struct {
	At   Pos
	All  bool
	Var  *Ident
	Dom  *Ident // H (the live heap) or F (the freed blocks)
	Body Expr
}

func (x *Ident) Pos() Pos    { return x.At }
func (x *IntLit) Pos() Pos   { return x.At }
func (x *NullLit) Pos() Pos  { return x.At }
func (x *EmptySet) Pos() Pos { return x.At }
func (x *CallExpr) Pos() Pos { return x.At }
func (x *Unary) Pos() Pos    { return x.At }
func (x *Binary) Pos() Pos   { return x.X.Pos() }
func (x *Quant) Pos() Pos    { return x.At }

func (x *Ident) Type() Type    { return x.typ }
func (x *IntLit) Type() Type   { return Int }
func (x *NullLit) Type() Type  { return Ptr }
func (x *EmptySet) Type() Type { return Set }
func (x *CallExpr) Type() Type { return x.typ }
func (x *Unary) Type() Type    { return Bool }
func (x *Binary) Type() Type   { return x.typ }
func (x *Quant) Type() Type    { return Bool }

// Var is a variable of a clause: bound by the detection point, a
// quantifier, or an output argument (Freed's r1, FindLast's k), or a def's
// parameter.
type Var struct {
	Name string
	Type Type
	Pos  Pos     // where it is bound
	How  VarKind // what binds it
	ID   int     // its index in the clause's Vars

	alias *Var // the code generator's: the variable a parameter stands for
}

// VarKind says what binds a variable.
type VarKind int

const (
	ByPoint  VarKind = iota // the detection point
	ByQuant                 // exists/forall
	ByOutput                // an output argument
	ByParam                 // a def's parameter
)

// clone copies an expression without the checker's annotations.
func clone(x Expr) Expr {
	switch x := x.(type) {
	case *Ident:
		return &Ident{At: x.At, Name: x.Name}
	case *IntLit:
		c := *x
		return &c
	case *NullLit:
		return &NullLit{At: x.At}
	case *EmptySet:
		return &EmptySet{At: x.At}
	case *CallExpr:
		c := &CallExpr{At: x.At, Name: x.Name, Rparen: x.Rparen}
		for _, a := range x.Args {
			c.Args = append(c.Args, clone(a))
		}
		return c
	case *Unary:
		return &Unary{At: x.At, X: clone(x.X)}
	case *Binary:
		return &Binary{OpPos: x.OpPos, Op: x.Op, X: clone(x.X), Y: clone(x.Y)}
	case *Quant:
		return &Quant{At: x.At, All: x.All, Var: clone(x.Var).(*Ident), Dom: clone(x.Dom).(*Ident), Body: clone(x.Body)}
	}
	panic("rules: clone of an unknown expression")
}
