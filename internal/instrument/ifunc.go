package instrument

import (
	"bytes"
)

// ifuncResolvers returns the functions text names as GNU indirect
// functions' resolvers (`__attribute__((ifunc("resolver")))`), none when
// it names none. The dynamic linker calls a resolver while it relocates
// the program, before any constructor has set up the runtime: memlens
// leaves a resolver as it is (rewriter.alone), as if a unit it does not
// instrument defined it (instrumented, it reached the runtime's
// unmapped tables: SIGSEGV before main).
func ifuncResolvers(text []byte) map[string]bool {
	if !bytes.Contains(text, []byte("ifunc")) {
		return nil
	}
	var names map[string]bool
	for _, word := range []string{"ifunc", "__ifunc__"} {
		eachCodeWord(text, word, func(next int) {
			rest := bytes.TrimLeft(text[next:], " \t\n")
			if !bytes.HasPrefix(rest, []byte("(")) {
				return
			}
			rest = bytes.TrimLeft(rest[1:], " \t\n")
			if !bytes.HasPrefix(rest, []byte(`"`)) {
				return
			}
			end := bytes.IndexByte(rest[1:], '"')
			if end <= 0 {
				return
			}
			if names == nil {
				names = map[string]bool{}
			}
			names[string(rest[1:1+end])] = true
		})
	}
	return names
}
