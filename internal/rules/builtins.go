package rules

// Builtin is a predicate or function of the rule language. Its meaning is
// paper 000's (§2.1, Fig. 2, Fig. 8) or, for memlens's extensions, the
// runtime's state in the same terms; docs/RULES.md says each.
type Builtin struct {
	Name   string
	Params []Param
	Result Type
	Paper  bool // in paper 000 (else a memlens extension)
}

// Param is one argument of a builtin: the types it accepts, and whether it
// is an output (an unbound variable there is bound to the value found).
type Param struct {
	Name  string
	Types typeSet
	Out   bool
}

var (
	ptrOrBlock = setOf(Ptr, Block)
	blockLike  = setOf(Ptr, Block, Array)
)

func in(name string, ts typeSet) Param { return Param{Name: name, Types: ts} }
func out(name string, t Type) Param    { return Param{Name: name, Types: setOf(t), Out: true} }

// builtins are the language's predicates and functions, except FindLast
// and dom (whose arguments are events, functions and sets: checked by hand).
var builtins = map[string]*Builtin{}

func init() {
	for _, b := range []*Builtin{
		{Name: "Allocated", Params: []Param{in("r", ptrOrBlock)}, Result: Bool, Paper: true},
		{Name: "Freed", Params: []Param{in("r", ptrOrBlock), out("r1", Ptr)}, Result: Bool, Paper: true},
		{Name: "Begin", Params: []Param{in("r", ptrOrBlock)}, Result: Ptr, Paper: true},
		{Name: "End", Params: []Param{in("r", ptrOrBlock)}, Result: Ptr, Paper: true},
		{Name: "Size", Params: []Param{in("r", ptrOrBlock)}, Result: Int, Paper: true},
		{Name: "Idx", Params: []Param{in("r", setOf(Ptr))}, Result: Int, Paper: true},
		{Name: "Bid", Params: []Param{in("r", setOf(Ptr))}, Result: Block, Paper: true},
		{Name: "Value", Params: []Param{in("r", setOf(Ptr))}, Result: Int, Paper: true},
		{Name: "Time", Params: []Param{in("bid", ptrOrBlock)}, Result: Int, Paper: true},
		{Name: "Word", Params: []Param{in("bid", ptrOrBlock), in("i", setOf(Int))}, Result: Int},
		{Name: "Invalid", Params: []Param{in("r", setOf(Ptr))}, Result: Bool},
		{Name: "Local", Params: []Param{in("r", blockLike)}, Result: Bool},
		{Name: "Global", Params: []Param{in("r", blockLike)}, Result: Bool},
		{Name: "Member", Params: []Param{in("a", setOf(Array))}, Result: Bool},
		{Name: "Popped", Params: []Param{in("r", ptrOrBlock)}, Result: Bool},
		{Name: "Returned", Params: []Param{in("r", ptrOrBlock)}, Result: Bool},
		{Name: "ReadOnly", Params: []Param{in("r", ptrOrBlock)}, Result: Bool},
		{Name: "Len", Params: []Param{in("a", setOf(Array))}, Result: Int},
		{Name: "Undefined", Params: []Param{in("v", setOf(Value))}, Result: Bool},
		{Name: "Lost", Params: []Param{in("b", setOf(Block))}, Result: Bool},
		{Name: "Reachable", Params: []Param{in("b", ptrOrBlock)}, Result: Bool},
		{Name: "Pointed", Params: []Param{in("b", ptrOrBlock)}, Result: Bool},
		{Name: "PointsTo", Params: []Param{in("x", ptrOrBlock), in("b", ptrOrBlock)}, Result: Bool},
	} {
		builtins[b.Name] = b
	}
}

// Events are the kinds of trace events FindLast searches (paper 000 Fig. 8).
var Events = []string{"malloc", "free", "write", "call", "ret"}

// specialNames are the names checked by hand (not in builtins).
var specialNames = []string{"FindLast", "dom", "VPC"}
