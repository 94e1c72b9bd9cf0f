package instrument

import (
	"bytes"
	"fmt"
	"strings"

	"modernc.org/cc/v4"
)

// Unoptimised, gcc keeps a leaf function's locals in the 128 bytes below
// the stack pointer (the red zone) and gives it no frame but the saved
// frame pointer; one call, and the whole frame is allocated. The runtime
// header's helpers are calls at -O0 (__ML_INLINE), so every function
// memlens checks made them: zlib's trees.c, whose functions are leaves,
// had 2.13 times gcc's frames (send_tree 16 bytes to 160). In a function
// that calls nothing (asmCalls), each call of a helper is made in an asm
// statement that skips the red zone and aligns the stack for the call, as
// the checks' stubs do: gcc sees no call and keeps the red zone. The asm
// takes the arguments in their registers and names every register a call
// may change as its output or clobber, so gcc keeps no value there across
// it, as across the call it replaces; the arguments are listed last
// first, as gcc -O0 evaluates a call's (a check's address, computed by
// nested helpers, is its last argument).

// asmCallRegs are the registers of a helper's arguments, in order.
var asmCallRegs = []string{"rdi", "rsi", "rdx", "rcx", "r8", "r9"}

// asmCallTemplate skips the red zone, aligns the stack (the old stack
// pointer pushed twice, one copy 8 bytes above the aligned stack pointer
// whichever way the alignment went) and calls the helper.
const asmCallTemplate = `"leaq -128(%%rsp), %%rsp\n\tpushq %%rsp\n\tpushq (%%rsp)\n\tandq $-16, %%rsp\n\tcall %P[fn]\n\tmovq 8(%%rsp), %%rsp\n\tleaq 128(%%rsp), %%rsp"`

// asmCallClobbers are the registers a call changes that are not the asm's
// outputs: the scratch registers, the vector and x87 registers, and with
// AVX-512 (avx512) its further vector registers and mask registers.
func asmCallClobbers(avx512 bool) string {
	c := []string{`"r10"`, `"r11"`, `"memory"`, `"cc"`, `"st"`}
	for i := 1; i < 8; i++ {
		c = append(c, fmt.Sprintf(`"st(%d)"`, i))
	}
	vectors := 16
	if avx512 {
		vectors = 32
		for i := range 8 {
			c = append(c, fmt.Sprintf(`"k%d"`, i))
		}
	}
	for i := range vectors {
		c = append(c, fmt.Sprintf(`"xmm%d"`, i))
	}
	return strings.Join(c, ", ")
}

// asmHelpers returns the runtime header's static functions among decls
// that a call in asm can reach: at most six arguments, each an integer or
// a pointer, and a result that is void, an integer or a pointer. The map
// gives each one's number of arguments. The unit that prints the header
// finds them in its definitions; the later units, which parse only part of
// its declarations (unitHeader), take them from the printing's cache.
func asmHelpers(decls []*cc.ExternalDeclaration) map[string]int {
	helpers := map[string]int{}
	for _, ed := range decls {
		if fd := ed.FunctionDefinition; fd != nil && ed.Position().Filename == headerName {
			asmHelper(helpers, fd.Declarator)
		}
	}
	return helpers
}

// asmHelper adds d to helpers if it declares a static function a call in
// asm can reach.
func asmHelper(helpers map[string]int, d *cc.Declarator) {
	if d == nil || !d.IsStatic() {
		return
	}
	ft, ok := d.Type().(*cc.FunctionType)
	if !ok || ft.IsVariadic() || len(ft.Parameters()) > len(asmCallRegs) || !isVoid(ft.Result()) && !inRegister(ft.Result()) {
		return
	}
	n := 0
	for _, p := range ft.Parameters() {
		if p.Type().Kind() == cc.Void {
			continue // (f(void))
		}
		if !inRegister(p.Type()) {
			return
		}
		n++
	}
	helpers[d.Name()] = n
}

// inRegister reports whether a value of type t is passed in one integer
// register, all of whose bits the value gives (not a _Bool's, whose
// callee reads the low byte and whose caller converts to 0 or 1).
func inRegister(t cc.Type) bool {
	return t != nil && t.Size() <= 8 && t.Kind() != cc.Bool && (cc.IsIntegerType(t) || t.Kind() == cc.Ptr)
}

// callsInAsm returns text, a function's C text, with each call of one of
// helpers made in asm (see above). String and character literals are
// copied as they are; line markers hold only those and words. The asm
// statements clobber clobbers (asmCallClobbers).
func callsInAsm(text []byte, helpers map[string]int, clobbers string) []byte {
	type call struct {
		name  string
		depth int      // the parentheses open around its arguments, its own included
		args  []string // the arguments before the one being copied
	}
	var calls []call
	out := []*bytes.Buffer{{}} // the text around the innermost call, then each argument being copied
	depth := 0
	for i := 0; i < len(text); {
		c := text[i]
		cur := out[len(out)-1]
		switch {
		case c == '"' || c == '\'':
			j := literalEnd(text, i)
			cur.Write(text[i:j])
			i = j
			continue
		case isIdentByte(c) && (c < '0' || c > '9') && (i == 0 || !isIdentByte(text[i-1])):
			j := i
			for j < len(text) && isIdentByte(text[j]) {
				j++
			}
			name := string(text[i:j])
			k := j
			for k < len(text) && text[k] == ' ' {
				k++
			}
			if _, ok := helpers[name]; ok && k < len(text) && text[k] == '(' {
				depth++
				calls = append(calls, call{name: name, depth: depth})
				out = append(out, &bytes.Buffer{})
				i = k + 1
				continue
			}
			cur.Write(text[i:j])
			i = j
			continue
		case c == '(':
			depth++
		case c == ',' && len(calls) > 0 && calls[len(calls)-1].depth == depth:
			top := &calls[len(calls)-1]
			top.args = append(top.args, cur.String())
			out[len(out)-1] = &bytes.Buffer{}
			i++
			continue
		case c == ')' && len(calls) > 0 && calls[len(calls)-1].depth == depth:
			top := calls[len(calls)-1]
			calls = calls[:len(calls)-1]
			if last := cur.String(); len(top.args) > 0 || strings.TrimSpace(last) != "" {
				top.args = append(top.args, last)
			}
			out = out[:len(out)-1]
			out[len(out)-1].WriteString(asmCall(top.name, top.args, helpers[top.name], clobbers))
			depth--
			i++
			continue
		case c == ')':
			depth--
		}
		cur.WriteByte(c)
		i++
	}
	if len(calls) > 0 { // (unbalanced: not a function's text)
		return text
	}
	return out[0].Bytes()
}

// asmCall is the call of helper name with args (n of them, as it takes)
// made in asm, which clobbers clobbers: a statement expression of the
// helper's result type.
func asmCall(name string, args []string, n int, clobbers string) string {
	if len(args) != n {
		return name + "(" + strings.Join(args, ",") + ")" // (not a call gcc would accept either)
	}
	var b strings.Builder
	// (every argument register an output: the callee may change those
	// it takes no argument in too)
	b.WriteString("__extension__({ register __ml_uptr __ml_reg_rax __asm__(\"rax\")")
	for _, reg := range asmCallRegs {
		fmt.Fprintf(&b, ", __ml_reg_%s __asm__(%q)", reg, reg)
	}
	b.WriteString("; __asm__ volatile(" + asmCallTemplate + " : \"=r\"(__ml_reg_rax)")
	for _, reg := range asmCallRegs {
		fmt.Fprintf(&b, ", \"=r\"(__ml_reg_%s)", reg)
	}
	b.WriteString(" : [fn] \"i\"(" + name + ")")
	for i := n - 1; i >= 0; i-- {
		fmt.Fprintf(&b, ", \"%d\"((__ml_uptr)(%s))", i+1, args[i])
	}
	zeros := strings.TrimSuffix(strings.Repeat("0, ", n), ", ")
	fmt.Fprintf(&b, " : %s); (__typeof__(%s(%s)))__ml_reg_rax; })", clobbers, name, zeros)
	return b.String()
}

// redZoneTemporaries makes the value temporaries of a small function that
// calls nothing (asmCalls) plain locals: unoptimised, gcc gives a register
// variable a callee-saved register, live across the asm calls, which it
// pushes (8 bytes of frame each), where a plain local sits in the red zone
// for free. Only while the function's own locals and the temporaries fit
// there (redZoneBudget bytes, a slot each, some left for alignment): past
// it gcc allocates the rest as frame (zlib's send_tree 32 to 96 bytes).
func redZoneTemporaries(fd *cc.FunctionDefinition, ft *cc.FunctionType, body frag) {
	const temporary = "register __auto_type "
	size := int64(0)
	if ft != nil {
		for _, p := range ft.Parameters() {
			if t := p.Type(); t != nil {
				size += (t.Size() + 7) &^ 7
			}
		}
	}
	aggregate := AnyNode(fd.CompoundStatement, func(n cc.Node) bool {
		if d, ok := n.(*cc.Declarator); ok && !d.IsTypename() && d.StorageDuration() == cc.Automatic && d.Type() != nil {
			size += (d.Type().Size() + 7) &^ 7
		}
		return aggregateLocal(n)
	})
	body.each(func(p piece) {
		if !p.isTok && p.late == nil {
			size += 8 * int64(strings.Count(p.text, temporary))
		}
	})
	if !aggregate && size <= redZoneBudget {
		body.rename(func(s string) string { return strings.ReplaceAll(s, temporary, "__auto_type ") })
	}
}

// redZoneBudget is what a function's locals and temporaries may take of the
// red zone's 128 bytes (measured: 120 let Lua's fixforjump grow).
const redZoneBudget = 96

// aggregateLocal reports whether n declares an automatic array, struct or
// union: an object of the frame's memory, not a register.
func aggregateLocal(n cc.Node) bool {
	d, ok := n.(*cc.Declarator)
	if !ok || d.IsTypename() || d.StorageDuration() != cc.Automatic || d.Type() == nil {
		return false
	}
	switch d.Type().Kind() {
	case cc.Array, cc.Struct, cc.Union:
		return true
	}
	return false
}
