package instrument

import (
	"bytes"

	"modernc.org/cc/v4"
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

// withResolverCallees returns the resolvers the unit defines and the
// functions of ast they call, directly or through others: those run
// before the runtime is set up too (dropin/ifunc_callees.c: a resolver's
// static helper registering a local crashed before main).
func withResolverCallees(ast *cc.AST, resolvers map[string]bool) map[string]bool {
	if len(resolvers) == 0 {
		return resolvers
	}
	defs := map[string]*cc.FunctionDefinition{}
	for l := ast.TranslationUnit; l != nil; l = l.TranslationUnit {
		if ed := l.ExternalDeclaration; ed != nil && ed.FunctionDefinition != nil {
			fd := ed.FunctionDefinition
			defs[fd.Declarator.Name()] = fd
		}
	}
	reached := map[string]bool{}
	var visit func(name string)
	visit = func(name string) {
		fd := defs[name]
		if reached[name] || fd == nil {
			return
		}
		reached[name] = true
		Inspect(fd.CompoundStatement, func(n cc.Node) bool {
			if x, ok := n.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall {
				visit(calleeName(x))
			}
			return true
		})
	}
	for name := range resolvers {
		visit(name)
	}
	return reached
}
