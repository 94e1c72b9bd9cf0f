package rules

import "strings"

// Type is the type of a term. Values are 64-bit machine words; a pointer is
// also a word (it may be used wherever an integer is) that knows its block
// (paper 000's map P: r ↦ (bid, i)).
type Type int

const (
	Invalid Type = iota // an ill-typed term (already reported)
	Bool                // a condition
	Int                 // a 64-bit word (arithmetic wraps, comparisons are unsigned)
	Ptr                 // a pointer: a word and the block it points into
	Block               // a block id, bid
	Array               // a named array of static length (index points)
	Value               // a value used (use points): where its bytes are
	Set                 // dom(H), dom(F), {}
	Unknown             // a def's parameter, checked before its uses say what it is
)

var typeNames = []string{"an ill-typed term", "a condition", "an integer", "a pointer", "a block",
	"an array", "a used value", "a set", "a def's parameter"}

func (t Type) String() string { return typeNames[t] }

// typeSet is the types a parameter accepts (a bit per Type).
type typeSet uint16

func setOf(ts ...Type) typeSet {
	var s typeSet
	for _, t := range ts {
		s |= 1 << t
	}
	return s
}

// accepts reports whether a term of type t fits: a pointer is an integer
// too, and a def's parameter may be anything until the def is used.
func (s typeSet) accepts(t Type) bool {
	return s.has(t) || t == Ptr && s.has(Int) || t == Unknown || t == Invalid
}

func (s typeSet) has(t Type) bool { return s&(1<<t) != 0 }

func (s typeSet) String() string {
	var parts []string
	for t := Bool; t <= Set; t++ {
		if s.has(t) {
			parts = append(parts, t.String())
		}
	}
	switch len(parts) {
	case 0:
		return "nothing"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}
