package instrument

import (
	"bytes"

	"modernc.org/cc/v4"
)

// x86's named address spaces: gcc accepts `int __seg_gs *p`, whose
// accesses read gs's segment, no object of the program's memory. cc/v4
// does not know the qualifiers: the view spells them `volatile`, of their
// length, and the instrumented unit copies them from the text
// (unitText.viewed). A function naming one, or a typedef of a type with
// one, is left as it is (rewriter.alone): its accesses through such a
// pointer must not be checked against the program's objects, nor its
// pointers made generic ones (a null pointer constant turned into an
// expression no longer converts to them).
var addressSpaces = []string{"__seg_fs", "__seg_gs"}

// addressSpaceViews returns text (the view being made) with each address
// space qualifier spelled `volatile`, and viewed with each added.
func addressSpaceViews(text []byte, viewed map[int]int) ([]byte, map[int]int) {
	if !bytes.Contains(text, []byte("__seg_")) {
		return text, viewed
	}
	view := text
	for _, word := range addressSpaces {
		eachCodeWord(text, word, func(next int) {
			if &view[0] == &text[0] {
				view = bytes.Clone(text)
			}
			if viewed == nil {
				viewed = map[int]int{}
			}
			copy(view[next-len(word):], "volatile")
			viewed[next-len(word)] = next
		})
	}
	return view, viewed
}

// addressSpaceNames are the address space qualifiers and the typedefs of
// text that name one; none when text names none.
func addressSpaceNames(text []byte) map[string]bool {
	if !bytes.Contains(text, []byte("__seg_")) {
		return nil
	}
	names := map[string]bool{}
	for _, w := range addressSpaces {
		names[w] = true
	}
	return withTypedefs(text, names)
}

// namesAddressSpace reports whether the text of function definition fd
// names an address space (addressSpaceNames).
func (u *unitText) namesAddressSpace(fd *cc.FunctionDefinition) bool {
	if u.spaceNames == nil {
		return false
	}
	from, to := fd.Position(), fd.CompoundStatement.Token2.Position()
	if from.Filename != to.Filename || isOurSource(from.Filename) {
		return false
	}
	i, end := u.origOffset(from.Offset), u.origOffset(to.Offset)
	return i >= 0 && i <= end && end <= len(u.orig) && namesAny(u.orig[i:end], u.spaceNames)
}
