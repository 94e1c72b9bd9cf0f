package instrument

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"modernc.org/cc/v4"
	"modernc.org/token"
)

// Marker functions standing for gcc builtins cc/v4 cannot parse; the
// rewriter prints the builtin back in their place.
const (
	vaArgMarker  = "__ml_va_arg"
	vaCopyMarker = "__ml_va_copy"
)

// builtinSource is cc/v4's builtin prelude, with the macros that would
// change what gcc compiles replaced by markers, and gcc's spelling
// `__const__` of `const`, which cc/v4 does not know (`static __const__
// unsigned f(void)` did not parse; the instrumented unit has `const`).
var builtinSource = func() string {
	s := cc.Builtin
	s = strings.Replace(s, "#define __builtin_va_arg(va, type) (*(type*)__builtin_va_arg_impl(va))",
		"#define __builtin_va_arg(va, type) (*(type*)"+vaArgMarker+"(va))\nvoid *"+vaArgMarker+"();", 1)
	s = strings.Replace(s, "#define __builtin_va_copy(dst, src) dst = src",
		"#define __builtin_va_copy(dst, src) "+vaCopyMarker+"(dst, src)\nvoid "+vaCopyMarker+"();", 1)
	// (gcc 9's vector conversion and attribute query, which cc/v4 does not
	// know: the conversion's operand and a value of the type named, the
	// query's int; the writer copies the calls as written)
	return s + "#define __const__ const\n#define __builtin_convertvector(v, type) ((void)(v), (type){0})\n" +
		"#define __builtin_has_attribute(x, ...) 0\n"
}()

// site is a static source location compiled into the site table.
type site struct {
	file, fn, expr, text string
	to                   string // value propagation: what received the value
	line, col, kind, aux int
}

const (
	siteAccess  = 0
	siteCall    = 1
	siteFunc    = 2
	siteGlobal  = 3     // a file-scope variable's declaration: expr is its name
	siteStatic  = 4     // a static local's declaration: expr is its name
	siteLocal   = 5     // an automatic local's declaration: expr is its name, aux the end of its block
	siteLiteral = 6     // a string literal's first use: expr is the literal
	siteLoss    = 7     // a statement where a reference may be lost, or that carries a pointer: aux is the length of the variable's text at the start of expr, to that variable
	siteArg     = 8     // a pointer passed as an argument: expr is the call, to the parameter
	siteAlloca  = 9     // a call of alloca: expr is the call
	siteSteps   = 10    // two steps named as one (value propagation): line and col are how many sites back the newer and the older are
	siteCopy    = 0x400 // on a loss site: an assignment of a whole object (a struct copy)
	siteConst   = 0x200 // on a global or static site: the variable is const
	siteNoFrame = 0x100 // in a function that pushes no frame
	siteKept    = 0x800 // on an allocation's call site: its result goes straight into a counted pointer local (keptAllocation)
)

// fnState is what the rewriter knows about the function being rewritten.
type fnState struct {
	name         string
	farDrops     bool             // full checking's drops of references are calls (largeFunction)
	ft           *cc.FunctionType // its type (nil if cc/v4 has none)
	retPtr       bool             // returns a data pointer
	retVoid      bool
	retAgg       bool                         // returns a struct or union holding data pointers (any, with definedness)
	retOrigin    bool                         // hands its result's origin to its callers (handsOrigin)
	comp         map[*cc.Declarator]string    // companion meta variable of a local
	compProv     map[*cc.Declarator]prov      // companion provenance variables of a local
	assignments  map[*cc.Declarator]int       // how many assignments of each variable it holds
	soleSites    map[prov]soleSite            // pointer locals assigned once (by a step that is not a steps site), by their provenance variables
	metas        []string                     // meta variables declared in the prologue
	provs        []prov                       // provenance variables declared in the prologue
	held         []string                     // side words holding a store's address (heldWord)
	uninitProv   map[string]bool              // provenance words of pointer locals declared without initializer
	jumpedPast   map[string]bool              // companions (meta, provenance word) of pointer locals declared with a value a jump can land past
	inRegisters  map[string]bool              // companions of pointer locals read between calls only (readBetweenCalls): variables, not side words
	ptrLocals    int                          // pointer locals with companions it declares (readBetweenCalls)
	setjmp       bool                         // calls setjmp: our locals written after it must be volatile (setjmpWrites)
	depthVar     bool                         // its depth is the variable __ml_d: a setjmp's jmp_buf does not keep it (setjmpsKept)
	callees      map[string]bool              // functions of the unit it calls by name
	leaf         bool                         // makes no calls: pushes no frame
	asmCalls     bool                         // makes no calls of its own: its helpers' are made in asm (asmcalls.go)
	argWords     bool                         // its parameters' provenance stays in the thread's words (keepsArgWords)
	localWords   []int                        // the thread's words left for its pointer locals' provenance, the next last (localArgWords)
	threadProvs  []prov                       // its pointer locals' provenance in the thread's words
	metaWords    []int                        // the thread's words left for its pointer locals' metas, the next last (metasInThreadWords)
	threadMetas  []string                     // its pointer locals' metas in the thread's words
	hotLocals    map[*cc.Declarator]bool      // locals named in its most deeply nested loops: their metas stay variables (innermostLocals)
	loops        []*cc.IterationStatement     // the loops around the statement being rewritten, innermost last
	hoist        *frameHoist                  // the loop being rewritten whose one call's frame site is stored before it (loopCall)
	callSite     bool                         // a leaf passed its call's site (callSiteLeaf)
	resultVar    bool                         // returns its pointer result's words through resultParam (resultVar)
	paramSteps   bool                         // passes a parameter on with its caller's step pending (paramSteps)
	unchecked    bool                         // declared no_sanitize_address: its accesses are not checked (unchecked.go)
	pckLocal     string                       // annotated and makes no calls: the local of its grants (typestate.go)
	pckFlags     []string                     // the flags of its typestate checks' pairs that later accesses lean on (pckPair)
	pckOwnFirst  bool                         // its grants are a local and it has no loop: its checks test its own grants first (pckCheck)
	pckGranted   [2]map[int64]bool            // the typestates its own annotations grant it to read, to write (pckGrantsOf)
	pckParams    map[string]*cc.Declarator    // its parameters whose names it declares nothing else by (pckGrantsOf)
	main         bool                         // the program's main: its exits end the program
	allocas      bool                         // calls alloca: its blocks end at each exit
	objs         map[*cc.Declarator]*localObj // locals that become objects if they escape
	lendings     *fnLendings                  // what the uses of its locals say (lent.go)
	objOrder     []*localObj
	scopes       []*scope             // the blocks being rewritten, innermost last
	gotos        map[string][]cc.Node // goto statements by label
	labels       map[string]*cc.LabeledStatement
	targets      []jumpTarget      // the loops and switches being rewritten, innermost last
	forInit      bool              // rewriting the declaration of a for statement
	uninit       map[string]string // companions of pointer locals declared without initializer: their initial meta
	unseenWrites bool              // asm or a nested function may assign locals
	atomics      bool              // holds an atomic update (atomicUpdates)
	regs         []*localObj       // registrations due after the declaration being rewritten
	defs         []string          // definedness set-up due after the declaration being rewritten
	undefEnds    []string          // its locals whose definedness is tracked, whose bytes are defined again when their scope ends
	switchBodies map[*cc.CompoundStatement]bool
	bodies       map[*cc.Statement]bool         // statements that are an if's branch or a loop's body
	stmtExprs    map[*cc.CompoundStatement]bool // bodies of statement expressions
	unreachable  bool                           // in a switch body before its first label: no code there ever runs
	defLocals    map[*cc.Declarator]int         // memory locals whose definedness is tracked: their declaration's site
	passedOut    map[*cc.Declarator]bool        // locals a callee writes before anything reads them: not poisoned (writtenByCallee)
	vals         map[*cc.Declarator]string      // companion origin of a scalar local kept in a register
	valOrder     []string                       // origin variables declared in the prologue
	side         *sideFrame                     // its variables on the thread's side stack (nil: in its frame)
	body         *cc.CompoundStatement          // its body
	knownSteps   map[string]int                 // pending sites of call results that hold one site of the unit's (passedResult)
	entrySites   map[prov]int                   // the parameters' provenance whose pending site at entry is known (entryFolds)
}

// soleSite is the one assignment of a pointer local (takenSteps): its
// step's site, and how many loops and switches were being rewritten there.
type soleSite struct{ site, targets int }

// jumpTarget is a loop or switch being rewritten: where break (and, for a
// loop, continue) goes.
type jumpTarget struct {
	loop   bool
	scopes int // how many blocks enclose it
}

type rewriter struct {
	c              *Config
	fieldStore     fieldStore        // the bit-field store being rewritten (bitfieldStore)
	zeroTested     *cc.AndExpression // the & being rewritten whose value is only tested against zero (truthOf)
	unit           *unitText
	seqMemo        map[cc.Node]int
	toks           []cc.Token // verbatim's scratch buffer
	sites          []site
	uninitMetas    int // the unit's cache of uninit records (__ml_uninit_metas), one per declaration
	fn             *fnState
	n              int                                    // unique-name counter
	defined        map[string]bool                        // functions defined in this translation unit
	replacements   map[string]cc.Type                     // the types of the checked replacements (memlens.h), by libc name
	inlineDefs     map[string]bool                        // those of them declared inline
	staticDefs     map[string]bool                        // functions of the unit with internal linkage
	noreturn       map[string]bool                        // functions that never return (call.go)
	declaredPure   map[string]bool                        // the program's functions declared pure or const (pure.go)
	unchecked      map[string]bool                        // the program's functions declared no_sanitize_address (unchecked.go)
	calling        map[string]bool                        // functions of the unit making a call that returns (funcWord)
	quiet          map[string]bool                        // those of them that skip the exit handlers (call.go)
	lendings       map[*cc.FunctionDefinition]*fnLendings // the analysis of each function's locals and parameters (lent.go)
	borrows        map[string][]bool                      // the pointer parameters each function of the unit borrows
	still          map[string]bool                        // functions of the unit that cannot lower a count (still.go)
	sealed         map[*cc.Declarator]bool                // pointer members whose loads skip the hash test (sealed.go)
	packedMembers  map[*cc.Declarator]bool                // members of packed structs, nil when the unit has none (packed.go)
	heldArgs       map[string]bool                        // those of them every call passes held values (findHeldArgs)
	heldParams     map[*cc.Declarator]bool                // pointer parameters every call passes a held variable (findHeldParams)
	outParams      map[string][]int64                     // the pointee sizes of parameters each function stores first (findOutParams)
	handCalls      map[string][]*cc.PostfixExpression     // the functions that may hand their reference over, and their calls (handed.go)
	handReceived   map[*cc.PostfixExpression]bool         // those calls assigned to a counted pointer local
	handReturned   map[*cc.PostfixExpression]string       // those returned, by the function named
	inlineHinted   map[string]bool                        // direct leaf functions given the inline hint (findDirect)
	asmHelpers     map[string]int                         // the header's helpers a call in asm can reach, by name: their number of arguments
	asmCallFns     map[*cc.FunctionDefinition]bool        // the functions whose helper calls are made in asm
	noinline       []string                               // functions of the unit to keep out of line (keepOutOfLine)
	init           initTarget                             // the object whose brace initializer is being rewritten
	direct         map[string]*directFn                   // static functions taking metas as parameters
	frameless      map[string]bool                        // functions calling only call-site leaves: no frame (findFrameless)
	pushedLeaves   map[string]bool                        // the call-site leaves they call
	directTables   map[*cc.Declarator]*callTable          // call tables whose calls pass them as direct calls do (settleTables)
	tableFns       map[string]bool                        // the functions of those tables
	soleCalls      map[*cc.PostfixExpression]bool         // the calls through those tables that are their table's only one (entry sites)
	allocSites     map[*cc.PostfixExpression]int          // the sites of the checked allocators' calls (newBlock), by call
	entryCalls     map[string]*cc.PostfixExpression       // functions of those tables that only such a call calls, by name: that call
	entryArgSites  map[entryArg]int                       // the sites of the pointer arguments such a call passes (entryArgSite)
	namedOtherwise map[string]bool                        // names the unit uses other than as a call's callee (namesOtherwise)
	whole          map[string]map[int]bool                // whole-object parameters by function and position (wholeParams)
	entrySpans     map[string]map[int]span                // entry-checked parameters' bytes by function and position (entryChecked)
	bare           map[string]map[int]bool                // the bare ones among them, by function and position (findBare)
	bareDecls      map[*cc.Declarator]bool                // and by declarator
	fnIDs          map[string]int                         // static functions only called by name: their word's index in __ml_fnids (funcWord)
	calleeSlots    map[string]bool                        // functions called but not defined here, whose word is read from a slot (calleeSlot)
	leafWords      map[string]bool                        // constant words (funcWord) of leaves defined here, which gcc inlines and folds __ml_leaf_result's test against
	unslotted      map[string]bool                        // functions whose word is never read from a slot (unslotted)
	insertBefore   map[int]string                         // text to print before a token, by sequence number
	replaceTok     map[int]string                         // text to print instead of a token, by sequence number
	synthetic      map[int]bool                           // sequence numbers of tokens cc/v4 made up
	nestedFns      map[string]bool                        // the names of the unit's GNU nested functions (markSynthetic)
	avail          availState                             // checks available where the rewrite is
	freeing        map[string]bool                        // functions of the unit: may a call to them free memory?
	arrays         []array                                // descriptors of the arrays whose indices are checked
	arrayIdx       map[array]int
	globals        map[*cc.Declarator]global // registered globals of the unit
	globalOrder    []*cc.Declarator
	sharedGlobals  map[string]global // the external globals' shared metas, by name
	sharedOrder    []string
	metaUsed       map[string]bool     // the global metas the unit's code names
	literals       map[string]*literal // string literals made objects, by source text
	literalOrder   []*literal
	literalSlots   map[*cc.Declarator][]literalSlot    // the pointers of globals' initializers that literals initialize
	loopCalls      map[*cc.PostfixExpression]bool      // the calls inside loops (callsInLoops)
	unusedResults  map[*cc.PostfixExpression]bool      // the calls whose value is thrown away (full checking: unusedResults)
	handsUndefined map[string]bool                     // the functions with a return handing its caller an undefined value's origin (originReturn)
	callSites      map[string]int                      // the unit's calls of each name (full checking: returnsOut)
	callFreeLoops  map[cc.Node]bool                    // the nodes inside loops that make no call (inCallFreeLoops)
	loopNodes      map[cc.Node]bool                    // the nodes inside any loop (inLoops)
	valueStmt      valueStmt                           // the value of the statement expression being rewritten
	typestate      bool                                // the unit uses typestates: accesses are checked against them (typestate.go)
	pckAnns        map[*cc.FunctionDefinition][]string // the typestate annotations before each function
	pckNoGrants    map[string]bool                     // the typestate header's functions that neither read nor change grants
	pckNeutral     map[string]bool                     // those and the unit's own that read no grants (findPckNeutral)
	pckStates      int64                               // how many typestates the unit's layout has (0: unknown)
	pckShapes      map[string]pckShape                 // the header's transitions' parts at fixed places, by function (pckShape)
	pckAnnPerms    map[string]int64                    // each annotation's kind (1 R, 2 W, 3 RW, 4 NONE), by its number
	pckAnnIDs      map[string][]int64                  // and the typestates it names
	alone          map[*cc.FunctionDefinition]bool     // functions left as they are (sharesLocals, inlineOnly, ifuncResolvers)
	onlyInlined    map[string]bool                     // those of them gcc only inlines (inlineOnly)
	pckLoops       []*pckLoop                          // the loops being rewritten whose accesses a range pre-check may spare (typestate.go)
	pckPreChecked  bool                                // some loop of the unit has a range pre-check, or accesses a transition's copies prove (repeatProves)
	stepsSites     map[[2]int]int                      // the unit's steps sites, by the sites of their newer and older step
	passThrough    map[string]passThrough              // direct functions returning a parameter as it came (passThroughOf)
	soleReturns    map[string]int                      // direct functions whose one return leaves the same site pending (noteSoleReturn)
	paramMoves     map[paramKey][]int                  // where a direct function passes a parameter on, its caller's step pending (paramSteps)
	paramCallers   map[paramKey][]int                  // the constant sites its callers pass that parameter at (noteParamCaller)
}

func newRewriter(c *Config, u *unitText) *rewriter {
	return &rewriter{c: c, unit: u, seqMemo: map[cc.Node]int{}, allocSites: map[*cc.PostfixExpression]int{}, defined: map[string]bool{}, replacements: map[string]cc.Type{}, inlineDefs: map[string]bool{}, staticDefs: map[string]bool{}, inlineHinted: map[string]bool{}, asmCallFns: map[*cc.FunctionDefinition]bool{}, synthetic: map[int]bool{}, nestedFns: map[string]bool{}, insertBefore: map[int]string{}, replaceTok: map[int]string{}, literals: map[string]*literal{}, arrayIdx: map[array]int{}, globals: map[*cc.Declarator]global{}, sharedGlobals: map[string]global{}, metaUsed: map[string]bool{}, pckAnns: map[*cc.FunctionDefinition][]string{}, pckNoGrants: map[string]bool{}, pckShapes: map[string]pckShape{}, pckAnnPerms: map[string]int64{}, pckAnnIDs: map[string][]int64{}, alone: map[*cc.FunctionDefinition]bool{}, onlyInlined: map[string]bool{}}
}

func (r *rewriter) name(prefix string) string {
	r.n++
	return prefix + strconv.Itoa(r.n)
}

// frameSlot is the slot of the thread's frames holding the current site
// of the function at depth d (the innermost ones share the last).
func frameSlot(d string) string { return d + " < 256u ? " + d + " : 255u" }

// slot is frameSlot as a call's site is stored: the expression each
// time, not a variable, which gcc would keep in a callee-saved register
// (optimising) or a slot of the frame for the whole function.
func (r *rewriter) slot() string {
	return "(" + frameSlot(r.depth()) + ")"
}

// depth is the shadow-stack depth of the function being rewritten (its
// __ml_enter's value): one less than the thread's depth, which every
// callee has put back by the time it returns, so no variable __ml_d lives
// through the whole function in a callee-saved register or a slot of the
// frame (__ml_leave becomes one decrement of the thread's depth); but in a
// function calling setjmp, where a longjmp back leaves the thread's depth
// where the skipped frames had it, the variable __ml_d, unless each
// setjmp's jmp_buf keeps the depth, put back as the setjmp returns
// (__ml_setjmp_kept).
func (r *rewriter) depth() string {
	if r.fn.depthVar {
		return "__ml_d"
	}
	return "(__ml_t.depth - 1u)"
}

// metaTemp declares a function-scope meta variable.
func (r *rewriter) metaTemp() string {
	m := r.name("__ml_m")
	r.fn.metas = append(r.fn.metas, m)
	return m
}

// translationUnit prints the rewritten unit of the user's file main.
func (r *rewriter) translationUnit(ast *cc.AST, main string) ([]byte, error) {
	// decls, and the program's alone: the runtime header's functions
	// call only its own and builtins, and no program's function calls them
	var decls, progDecls []*cc.ExternalDeclaration
	r.unit.resolvers = withResolverCallees(ast, r.unit.resolvers)
	for l := ast.TranslationUnit; l != nil; l = l.TranslationUnit {
		ed := l.ExternalDeclaration
		if ed == nil {
			continue
		}
		switch ed.Position().Filename {
		case "<predefined>", "<builtin>":
			continue
		}
		if ed.Position().Filename == headerName {
			r.noteReplacements(ed.Declaration)
		} else {
			progDecls = append(progDecls, ed)
		}
		if fd := ed.FunctionDefinition; fd != nil {
			// a definition in a system header (glibc's fortify wrappers of
			// memcpy and co.) is still libc's function
			if r.unit.isSystemDecl(ed) {
			} else if r.sharesLocals(fd) || r.unit.namesAddressSpace(fd) || r.unit.resolvers[fd.Declarator.Name()] {
				r.alone[fd] = true
			} else if r.inlineOnly(fd) {
				r.alone[fd] = true
				r.onlyInlined[fd.Declarator.Name()] = true
			} else {
				r.defined[fd.Declarator.Name()] = true
				r.inlineDefs[fd.Declarator.Name()] = fd.Declarator.IsInline()
				r.staticDefs[fd.Declarator.Name()] = fd.Declarator.Linkage() == cc.Internal
			}
			if ed.Position().Filename == headerName {
				r.markFuncName(fd.CompoundStatement) // (the header defines no nested functions)
			} else {
				r.markSynthetic(fd.CompoundStatement)
			}
		}
		decls = append(decls, ed)
	}
	r.loopCalls = callsInLoops(progDecls) // (before the analyses asking which calls are made inline)
	if r.c.full {
		r.unusedResults = unusedResults(progDecls)
		r.handsUndefined = map[string]bool{}
		r.callSites = newUnitCalls(progDecls).sites
	}
	r.callFreeLoops = inCallFreeLoops(progDecls)
	r.loopNodes = inLoops(progDecls)
	r.findPacked(progDecls)
	r.packEveryStruct(decls)
	r.findNoreturn(decls)
	r.findDeclaredPure(decls)
	r.findUnchecked(decls)
	r.calling = map[string]bool{}
	for _, ed := range decls {
		if fd := ed.FunctionDefinition; fd != nil && r.defined[fd.Declarator.Name()] {
			r.calling[fd.Declarator.Name()] = r.containsCall(fd.CompoundStatement)
		}
	}
	r.findTypestate(decls, main)
	r.findPckNeutral(decls)
	r.namedOtherwise, r.fnIDs, r.leafWords = r.namesOtherwise(decls, nil), map[string]int{}, map[string]bool{}
	r.calleeSlots, r.unslotted = map[string]bool{}, unslotted(progDecls)
	r.findDirect(decls)
	r.findFrameless(decls)
	var tables map[string]*callTable
	var nullable map[string]map[int]bool
	r.whole, nullable, tables = r.wholeParams(decls)
	r.findBare(decls, nullable, tables)
	r.findFreeing(decls)
	r.findLendings(decls)
	r.findStill(decls)
	r.findSealed(progDecls, main)
	r.findHeldArgs(progDecls)
	r.findHeldParams(decls, progDecls)
	r.findOutParams(decls)
	r.findHanding(decls)
	r.weakenInlineOnly(decls)
	r.collectGlobals(decls)
	w := &writer{unit: r.unit}
	// gcc names the compilation unit (DW_AT_name, DWARF's file 0) after the
	// first linemarker of preprocessed input: the user's file, not ours.
	w.b.WriteString("# 1 " + strconv.Quote(main) + "\n")
	// memlens's replacements of malloc, free, memcpy… take and give
	// pointers to structs stored in reverse byte order (scalar_storage_order)
	// as the builtins they replace do, which alone gcc exempts from this warning
	w.b.WriteString("#pragma GCC diagnostic ignored \"-Wscalar-storage-order\"\n")
	if r.c.packLimit > 0 {
		// the runtime's structs keep the layout the runtime has, not
		// -fpack-struct=n's (gcc's pack(0): members aligned as their types)
		w.b.WriteString("#pragma pack(push, 0)\n")
	}
	printed, printPath := r.c.printedHeader()
	helpers := r.c.helpers
	if printed == nil {
		helpers = asmHelpers(decls) // (kept with the printing: the units after parse part of the header)
	}
	if r.c.asmCalls {
		r.asmHelpers = helpers
	}
	var body []frag
	for _, ed := range decls {
		if printed != nil && ed.Position().Filename == headerName {
			body = append(body, nil)
			continue
		}
		if fd := ed.FunctionDefinition; fd != nil && r.instrumented(fd) {
			f, err := r.function(fd)
			if err != nil {
				return nil, err
			}
			// laid out now: the nested fragments, with their pieces
			// standing for them and their slices' spare room, would be
			// kept to the end (a 250 kLOC unit's: about half its memory)
			body = append(body, f.flat())
			continue
		}
		if ed.Case == cc.ExternalDeclarationDecl && ed.Declaration != nil && !r.unit.isSystemDecl(ed) {
			r.literalPointers(ed.Declaration)
		}
		if ed.Position().Filename == headerName {
			r.asmSizedLeast(ed)
		}
		body = append(body, r.verbatim(ed))
	}
	headerStart := w.b.Len()
	if printed != nil {
		w.b.Write(printed)
		w.col = len(printed) - bytes.LastIndexByte(printed, '\n') // (raw needs it alone)
	}
	header := true
	for i, ed := range decls {
		if header && ed.Position().Filename != headerName {
			header = false
			if printed == nil {
				r.c.keepPrinted(bytes.Clone(w.b.Bytes()[headerStart:]), declaredHeader(r.c.expanded, decls), helpers, printPath)
			}
			r.headerEnd(w)
			w.raw(r.siteTable() + r.handsTable() + textSectionAgain(decls))
		}
		if header && printed != nil {
			continue
		}
		f := body[i]
		w.lead(f)
		start := w.b.Len()
		w.frag(f)
		if fd := ed.FunctionDefinition; fd != nil && r.asmCallFns[fd] {
			w.rewriteFrom(start, func(text []byte) []byte { return callsInAsm(text, r.asmHelpers, asmCallClobbers(r.c.avx512)) })
		}
	}
	if header {
		if printed == nil {
			r.c.keepPrinted(bytes.Clone(w.b.Bytes()[headerStart:]), declaredHeader(r.c.expanded, decls), helpers, printPath)
		}
		r.headerEnd(w)
		w.raw(r.siteTable())
	}
	w.rest()
	w.b.WriteString(r.unitConstructor(main))
	w.b.WriteByte('\n')
	for _, name := range r.noinline {
		fmt.Fprintf(&w.b, "__typeof__(%s) %s __attribute__((noinline));\n", name, name)
	}
	w.b.WriteString(r.calleeSlotDefs())
	var flags []string
	if r.c.full && !r.userCleanups(decls) {
		flags = append(flags, "-fexceptions")
		if r.c.order != clangOrder {
			// (gcc pushes stack arguments: a frame's stack pointer at a
			// call would then differ from the one setjmp's caller had
			// when it called setjmp, which is how jumps.c finds it)
			flags = append(flags, "-maccumulate-outgoing-args")
		}
	}
	if r.c.optimizing && r.c.order != clangOrder {
		// Checks make a small function's body several times its size:
		// gcc's budget for inlining a function declared inline (or given
		// the hint, findDirect), 70 of its instructions, is raised so a
		// helper of a few accesses is still inlined where gcc inlines it
		// natively and its callers stay leaves (Lua's index2value). To
		// 200 (tree.c's height, vm.c's push fully checked; Lua's lvm.c
		// compiles in the same time to the same size): in detection
		// mode, 120 kept Lua's declared-inline helpers (ldo.c's
		// precallC, ccall) and hinted ones (lcode.c, lparser.c) out of
		// line, each with a frame; 250 and up grew tree.c's rebalance
		// (its rotations inlined: +0.5% instructions) and 330 zlib's
		// deflate.c. To 240: checked, Lua's declared-inline LTnum and
		// LEnum are 230 of gcc's instructions, kept out of line at 200
		// with frames of their own, as were ldo.c's ccall, ldebug.c's
		// isEnv and lparser.c's buildvar (-O2 frames lvm.c 1,424 ->
		// 1,360 bytes, lparser.c 4,392 -> 4,256, ldebug.c 2,048 ->
		// 1,904, ldo.c 2,712 -> 2,664; but lgc.c 2,072 -> 2,096,
		// traverseephemeron going into convergeephemerons, which then
		// left atomic; and tree.c +0.53% instructions, from 230 up).
		budget := 240
		if r.typestate {
			// An annotated function's typestate checks, grants and
			// transitions' calls are as much again: ts_marksweep's take
			// (first fit, with make_free and make_object inlined into
			// it) stayed out of line at 400 with a frame and its
			// caller's values saved across its call, where the default
			// mode inlines it (callgrind Ir light 81.92 M -> 81.28 M,
			// ts_segfit 45.49 M -> 45.28 M). Only units that include a
			// layout's header: the default mode's budget is unchanged.
			budget = 600
		}
		flags = append(flags, fmt.Sprintf("--param=max-inline-insns-single=%d", budget))
		if r.pckPreChecked && !r.c.forSize {
			// A pre-checked loop's accesses test the pre-check's result,
			// the same on every iteration: unswitched (an -O3 pass), the
			// loop is made twice, and the copy run when the range passed
			// tests nothing (typestate.go's pckLoopOf; so do the accesses
			// a transition's copies prove, repeatProves).
			flags = append(flags, "-funswitch-loops")
		}
	}
	if r.c.order != clangOrder {
		// gcc's RTL global CSE repeats dataflow over every pseudo register
		// and block, which grows faster than a function: an interpreter's
		// loop full of checks (Lua's lvm.c) compiles in half the time
		// without it, and the benchmarks' instruction counts move by less
		// than 1% either way.
		// Points-to analysis too takes time that grows faster than a
		// function (Lua's luaV_execute fully checked: 43 of 117 s) and buys
		// instrumented code nothing, whose checks take pointers as
		// integers: the benchmarks' instruction counts are the same
		// without it, in both modes. The second scheduling pass (after
		// register allocation) only reorders instructions, which an
		// out-of-order x86 core does itself: it changes no instruction
		// count. The two cost SQLite's amalgamation 7% of its compile
		// time (144 -> 133 s). gcc collects its garbage once its heap has
		// grown by 30% instead of doubled: the same object, and SQLite's
		// unit at 1.0 GB instead of 1.6 (a unit under 128 MB never
		// collects). Under -g, the location lists of memlens's many
		// temporaries carry no view numbers, which gdb does not read: a
		// quarter of the assembler's work (list.c: as 351M -> 256M
		// instructions under callgrind, cc1 -1%), no change to the code.
		flags = append(flags, "-fno-gcse", "-fno-tree-pta", "-fno-schedule-insns2", "--param=ggc-min-expand=30",
			"-gno-variable-location-views")
		// The vectorizers (gcc 12's -O2 runs both, at their cheapest)
		// find little in code whose accesses are checked one by one,
		// but they look at every loop and block: without them tree.c's
		// unit compiles in 2% fewer instructions, and the benchmarks'
		// runs are the same to within 0.07% (vm.c's 0.07% fewer). A
		// fully checked loop keeps a call or an asm check per access:
		// full units compile in 2.5-2.8% fewer, the code within 0.3%.
		flags = append(flags, "-fno-tree-loop-vectorize", "-fno-tree-slp-vectorize")
		// Frames (issue 18): code hoisting moves a computation all the
		// paths below a branch share (a site's address, a read of
		// __ml_t) up to the branch, where it lives on in a register
		// across the paths' calls; and RTL's loop-invariant motion,
		// unless it weighs the loop's register pressure, hoists the
		// checks' invariants out of loops into registers of their own,
		// callee-saved ones where the loop makes calls. Partial
		// redundancy elimination keeps what one path read (the side
		// stack's top and words, __ml_t's depth and step cursor) in a
		// register for the paths that read it again, through calls
		// between: without it cJSON's -O2 frames are 5% smaller for 2%
		// more instructions in vm.c's handlers and 4% less compile work.
		// RTL's loop-invariant motion, even weighing pressure, still
		// hoisted the checks' invariants (sites, shadow bases) into
		// callee-saved registers held across the loop's calls: without
		// it Lua's nine bounded units' -O2 frames are 21,552 -> 21,256
		// bytes, none larger; GIMPLE's invariant motion stays.
		flags = append(flags, "-fno-code-hoisting", "-fira-loop-pressure", "-fno-tree-pre", "-fno-move-loop-invariants")
		// gcc inlines into a caller only while it stays under its
		// large-function size, 2,700 of its instructions, and a static
		// function called once only while under 4,000; checked code
		// counts three to five times native's, so Lua's parser kept its
		// statements' functions out of line, each with a frame of its
		// own: three times the limits inline what gcc inlines natively.
		// In detection mode the large-function size is raised again, to
		// 9,000: with settled steps lparser.c's statement got under
		// 8,100 only without retstat and globalnames, out of line with
		// frames of their own (its frames 4,600 -> 4,728 bytes; 4,480
		// at 9,000); and to 12,000 when small bodies were hinted from
		// any number of places (direct.go's nativeInlineSmall: at 9,000
		// statement kept retstat and createlabel out, 4,392 -> 4,728).
		// Full checking, whose lvm.c is the CI's longest compile, keeps
		// 8,100. A function called once is inlined into a caller of up
		// to 30,000: checked, Lua's luaV_execute is 20,774, and kept
		// forprep and pushclosure out of line, each with a frame and
		// six callee-saved registers (lvm.c's -O2 frames 1,632 -> 1,424
		// bytes); inlined, their copy out of line is gone.
		large := "8100"
		if !r.c.full {
			large = "12000"
		}
		flags = append(flags, "--param=large-function-insns="+large, "--param=max-inline-functions-called-once-insns=30000")
		if r.c.full {
			// gcc stops inlining once a unit above its large-unit size,
			// 10,000 instructions, has grown by 40%: fully checked vm.c
			// starts at 11,224 (923 natively), and its
			// handlers kept push out of line. Three times the size, as
			// for functions above; a unit larger than that (Lua's
			// lparser.c, 53,896) keeps the limit it had.
			flags = append(flags, "--param=large-unit-insns=30000")
		}
	}
	if r.c.packAll {
		// every struct of the program's says packed (packEveryStruct)
		flags = append(flags, "-fno-pack-struct")
	}
	if len(flags) > 0 {
		w.b.WriteString(flagsMark + strings.Join(flags, " ") + " */\n")
	}
	return pruneHeaderHelpers(w.b.Bytes(), headerStart, r.c.defs), nil
}

// A unit may end with a comment naming the flags it must be compiled
// with: gcc's optimisations that cost instrumented code much compile time
// and buy it nothing (above); with full checking, -fexceptions when its
// cleanups are all memlens's, so a longjmp out of its functions can run
// them (the runtime's jumps.c; a cleanup of the program's own must not
// run where the native build's would not).
const flagsMark = "/* memlens: compile with "

// mainOptimize gives main back the loop-invariant motion the unit's flags
// take away, and loop unswitching (function).
const mainOptimize = `__attribute__((optimize("move-loop-invariants", "unswitch-loops"))) `

// mainOptimized reports whether the function being rewritten is given
// mainOptimize.
func (r *rewriter) mainOptimized() bool {
	return r.fn.main && r.c.optimizing && r.c.order != clangOrder
}

// UnitFlags are the flags the instrumented unit text must be compiled
// with.
func UnitFlags(text []byte) []string {
	i := bytes.LastIndex(text, []byte(flagsMark))
	if i < 0 || !bytes.HasSuffix(text, []byte(" */\n")) {
		return nil
	}
	return strings.Fields(string(text[i+len(flagsMark) : len(text)-len(" */\n")]))
}

// asmSizedLeast qualifies the asm statements of the runtime header's
// inline checks `inline` for gcc: gcc sizes an asm statement by the lines
// of its template (a check's stub, the hash of a pointer load), so a small
// helper of a few accesses looked too big to inline and every call to it
// paid a call, a prologue saving registers and its arguments' metas; so
// qualified, its size for inlining is the least, near the native
// function's. (The front end does not accept the qualifier, so the header
// cannot say it.)
func (r *rewriter) asmSizedLeast(ed *cc.ExternalDeclaration) {
	if r.c.order == clangOrder || ed.FunctionDefinition == nil {
		return
	}
	Inspect(ed.FunctionDefinition, func(n cc.Node) bool {
		if a, ok := n.(*cc.AsmStatement); ok && a.Asm != nil {
			r.insertBefore[a.Asm.Token2.Seq()] += "__inline__ "
		}
		return true
	})
}

// userCleanups reports whether the program's code in decls declares a
// variable with a cleanup attribute.
func (r *rewriter) userCleanups(decls []*cc.ExternalDeclaration) bool {
	for _, ed := range decls {
		if ed.Position().Filename == headerName {
			continue
		}
		if AnyNode(ed, func(n cc.Node) bool { d, ok := n.(*cc.Declaration); return ok && hasCleanup(d) }) {
			return true
		}
	}
	return false
}

func (r *rewriter) siteTable() string {
	return cTable("struct __ml_site", "__ml_sites", len(r.sites), func(i int) string {
		s := r.sites[i]
		return fmt.Sprintf("{%s,%s,%s,%s,%s,%d,%d,%d,%d}", cstr(s.file), cstr(s.fn), cstr(s.expr), cstr(s.text), cstr(s.to), s.line, s.col, s.kind, s.aux)
	}) + r.nameMemos() + r.fnIDTable() + r.calleeSlotTable() + r.uninitMetaTable() + r.arrayTable() + r.globalMetas() + r.literalDecls()
}

// nameMemos defines, with full checking, the unit's name memo (memlens.h's
// __ml_name): a word a site, the meta it named last, and __ml_site_memo,
// the word of a site of the unit's table (0 for any other), which gcc
// folds to a constant address where the site is one.
func (r *rewriter) nameMemos() string {
	if !r.c.full {
		return ""
	}
	const memo = "static __inline__ __attribute__((always_inline, unused)) __ml_meta_t *__ml_site_memo(const struct __ml_site *s) "
	if len(r.sites) == 0 {
		return memo + "{ (void)s; return 0; }"
	}
	return fmt.Sprintf("static __ml_meta_t __ml_name_memos[%d] __attribute__((unused));"+memo+
		"{ __ml_uptr k = ((__ml_uptr)s - (__ml_uptr)__ml_sites) / sizeof *__ml_sites; return k < %dUL ? &__ml_name_memos[k] : 0; }",
		len(r.sites), len(r.sites))
}

// textSectionAgain defines, when the user's unit has a file-scope asm
// statement, a function that returns gcc to the text section after the
// tables: unoptimised, gcc emits the unit in order, and the user's asm
// must run where the native build leaves it (a label of code defined by
// `__asm__("f: ret")` in the tables' read-only data section is not code).
func textSectionAgain(decls []*cc.ExternalDeclaration) string {
	for _, ed := range decls {
		if ed.Case == cc.ExternalDeclarationAsmStmt && ed.Position().Filename != headerName {
			return "static void __ml_text_section(void) __attribute__((used)); static void __ml_text_section(void) {}"
		}
	}
	return ""
}

// fnIDTable defines the bytes whose addresses name the functions only
// called by name (funcWord).
func (r *rewriter) fnIDTable() string {
	if len(r.fnIDs) == 0 {
		return ""
	}
	return fmt.Sprintf("static const char __ml_fnids[%d] __attribute__((unused));", len(r.fnIDs))
}

// uninitMetaTable declares the cache of the unit's uninit records (see
// uninitMeta): zero until first made.
func (r *rewriter) uninitMetaTable() string {
	if r.uninitMetas == 0 {
		return ""
	}
	return fmt.Sprintf("static __ml_meta_t __ml_uninit_metas[%d] __attribute__((unused));", r.uninitMetas)
}

// cTable is the definition of a static const array of n rows of type typ.
func cTable(typ, name string, n int, row func(int) string) string {
	if n == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "static const %s %s[%d] __attribute__((unused)) = {", typ, name, n)
	for i := 0; i < n; i++ {
		b.WriteString(row(i))
		b.WriteByte(',')
	}
	b.WriteString("};")
	return b.String()
}

// cstr quotes s as a C string literal.
func cstr(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, `\%03o`, c)
		case c == '?':
			b.WriteString(`\?`) // no trigraphs
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// site registers the location of n and returns its table index.
func (r *rewriter) site(n cc.Node, kind int) int {
	pos := n.Position()
	expr := ""
	if kind == siteFunc {
		expr = r.fn.name
	} else if d, ok := n.(*cc.Declarator); ok && (kind&0xff == siteGlobal || kind&0xff == siteStatic || kind == siteLocal) {
		expr = d.Name()
	} else {
		expr = cc.NodeSource(n)
		if x, ok := n.(*cc.PrimaryExpression); ok && stringLiteral(x) == x {
			expr = r.unit.literalSource(x.Token)
		}
		if kind == siteCall || kind == siteArg || kind == siteAlloca {
			text, col := r.line(pos.Filename, pos.Line), r.unit.column(pos)
			if i := strings.Index(text[min(max(col-1, 0), len(text)):], "alloca"); kind == siteAlloca && i >= 0 {
				col += i // (alloca is a macro: its tokens stand where the statement starts)
			}
			expr = callAsWritten(expr, text, col)
		}
		if len(expr) > 200 {
			expr = expr[:197] + "..."
		}
	}
	return r.siteAt(pos, expr, kind)
}

// siteAt registers a site at pos with the given expression text.
func (r *rewriter) siteAt(pos token.Position, expr string, kind int) int {
	fn := ""
	if r.fn != nil {
		fn = r.fn.name
	}
	if r.fn != nil && r.fn.leaf && kind != siteCall { // (a call pushes a frame of its own)
		kind |= siteNoFrame
	}
	r.sites = append(r.sites, site{file: pos.Filename, fn: fn, expr: expr, text: r.line(pos.Filename, pos.Line), line: pos.Line, col: r.unit.column(pos), kind: kind})
	return len(r.sites) - 1
}

// exitSite is the code telling the runtime that the function is being
// left at tok (a return, its closing brace): where its pointer locals
// leave scope (loss tracking; "" in detection mode); and that site, which
// is also the step of a pointer returned (carries).
func (r *rewriter) exitSite(tok cc.Token, expr string, carries bool) (code, site string) {
	end := r.programEnd(tok, expr)
	if !r.c.full && !carries {
		return end, ""
	}
	site = r.leaveSite(tok, expr)
	if !r.c.full {
		return end, site
	}
	code = end + "__ml_t.xsite = " + site + ";"
	if !r.fn.retPtr {
		// no pointer is being returned: a block whose last reference
		// leaves scope now is not the caller's result
		code += " __ml_t.retfn = 0;"
	}
	return code, site
}

// leaveSite is the site of statement expr at tok, which leaves a scope (a
// return, a jump out of blocks, a closing brace).
func (r *rewriter) leaveSite(tok cc.Token, expr string) string {
	i := r.siteAt(tok.Position(), expr, siteLoss)
	r.sites[i].expr = asWritten(strings.TrimSuffix(expr, ";"), r.sites[i].text, r.sites[i].col)
	return siteRef(i)
}

// scopesLeft is, with loss tracking, the code naming tok (the closing
// brace of the blocks of scopes, or a jump out of them: expr) as where
// their escaped locals end: __ml_scope_end retires them there, at
// __ml_t.xsite, releasing the pointers their bytes hold (a pointer
// memcpy'd into a long), and no pointer is being returned. The site names
// the local when one escaped. nil when no local of theirs may escape and
// be retired.
func (r *rewriter) scopesLeft(scopes []*scope, tok cc.Token, expr string) lateText {
	var objs []*localObj
	for _, sc := range scopes {
		for _, o := range sc.objs {
			if !o.lent { // (a lent local is not retired: its record stays the frame's)
				objs = append(objs, o)
			}
		}
	}
	if !r.c.full || len(objs) == 0 {
		return nil
	}
	named := make([]string, len(objs))
	for i, o := range objs {
		named[i] = r.varLossSite(tok.Position(), o.name)
	}
	site := r.leaveSite(tok, expr)
	return func() string {
		escaped := -1
		for i, o := range objs {
			if o.escapes {
				if escaped >= 0 { // (several: the site names none)
					return "__ml_t.xsite = " + site + "; __ml_t.retfn = 0; "
				}
				escaped = i
			}
		}
		if escaped < 0 {
			return ""
		}
		return "__ml_t.xsite = " + named[escaped] + "; __ml_t.retfn = 0; "
	}
}

// programEnd is, at an exit of main, its frame's site set to the statement
// ending the program, which a rule at ret main that locates no block
// reports (runtime/rules.c: main has returned, its frame slot is the first).
func (r *rewriter) programEnd(tok cc.Token, expr string) string {
	if !r.fn.main {
		return ""
	}
	i := r.siteAt(tok.Position(), expr, siteAccess)
	r.sites[i].expr = asWritten(strings.TrimSuffix(expr, ";"), r.sites[i].text, r.sites[i].col)
	if r.fn.leaf { // (no frame to pop: the slot of the one main would have)
		return "__ml_t.frames[0] = " + siteRef(i) + "; "
	}
	return r.atFrame(siteRef(i)) + " "
}

func siteRef(i int) string { return "&__ml_sites[" + strconv.Itoa(i) + "]" }

// atCaller is, in a call-site leaf (callSiteLeaf), the code storing its
// call's site in its caller's frame, as a path that reports or calls runs
// first, followed by a comma; else "".
func (r *rewriter) atCaller() string {
	if r.fn == nil || !r.fn.callSite {
		return ""
	}
	if r.pushedLeaves[r.fn.name] {
		// (0 out of line: the entry pushed or stored the site)
		return "__ml_at_call(" + callSiteVar + "), "
	}
	return "__ml_at_caller(" + callSiteParam + "), "
}

// atCallerDone is, after a report that returns in a leaf a frameless
// function calls (findFrameless), the code popping the frame atCaller
// pushed, preceded by a comma; else "".
func (r *rewriter) atCallerDone() string {
	if r.fn == nil || !r.fn.callSite || !r.pushedLeaves[r.fn.name] {
		return ""
	}
	return ", __ml_at_call_done(" + callSiteVar + ")"
}

// lossSite registers n as a place where a reference may be lost (loss
// tracking): lhs, when not nil, is the variable or lvalue losing it, at
// the start of n's text.
func (r *rewriter) lossSite(n, lhs cc.Node) string {
	i := r.site(n, siteLoss)
	s := &r.sites[i]
	s.expr = asWritten(s.expr, s.text, s.col)
	if lhs != nil {
		v := cc.NodeSource(lhs)
		if strings.HasPrefix(s.expr, v) {
			s.aux = len(v)
		}
		s.to = toText(v)
	}
	return siteRef(i)
}

// asWritten is expr, the text of an expression or statement at column
// col of source line text, as the line has it: inside a macro's expansion
// (NULL is ((void *)0)), the line from col to the end of the statement.
func asWritten(expr, text string, col int) string {
	if strings.Contains(text, expr) || col < 1 || col > len(text) {
		return expr
	}
	t := text[col-1:]
	if k := strings.IndexByte(t, ';'); k >= 0 {
		t = t[:k]
	}
	return strings.TrimSpace(t)
}

// callAsWritten is asWritten for a call: the line from col to the
// parenthesis closing the call's arguments.
func callAsWritten(expr, text string, col int) string {
	return scanWritten(expr, text, col, true)
}

// elemAsWritten is asWritten for an element of a brace initializer: the
// line from col to the comma or brace ending it.
func elemAsWritten(expr, text string, col int) string {
	return scanWritten(expr, text, col, false)
}

// scanWritten is the text from column col of line text to the end of the
// expression starting there: after the first parenthesis group closes
// (call), or before a comma or a closing bracket outside any (else);
// expr when the line holds it, or the end is not on the line.
func scanWritten(expr, text string, col int, call bool) string {
	if strings.Contains(text, expr) || col < 1 || col > len(text) {
		return expr
	}
	t := text[col-1:]
	depth, quote := 0, byte(0)
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			if depth == 0 {
				return strings.TrimSpace(t[:i])
			}
			if depth--; depth == 0 && call {
				return t[:i+1]
			}
		case (c == ',' || c == ';') && depth == 0:
			return strings.TrimSpace(t[:i])
		}
	}
	return expr
}

// companionAttrs are the attributes of a pointer local's companion: with
// loss tracking, its cleanup drops the reference when the function ends.
// own declares one of memlens's variables in a function: volatile where
// a longjmp back must find its last value (vol, setjmpWrites), else
// register: nothing takes their address (but a cleanup attribute's), and
// gcc -O0 then keeps them in registers, where it gives every other
// variable a stack slot of its own — frames stay near gcc's.
func own(vol *setjmpWrites, typ, name, attrs, init string) string {
	switch {
	case vol.volatile(name) && strings.HasSuffix(typ, "*"):
		typ += "volatile "
	case vol.volatile(name):
		typ = "volatile " + typ
	case !strings.Contains(attrs, "cleanup("):
		typ = "register " + typ
	}
	return typ + name + attrs + " = " + init + ";"
}

func (r *rewriter) companionAttrs() string {
	switch {
	case r.stillLocals():
		return " __attribute__((unused, cleanup(__ml_still_drop)))"
	case r.c.full && r.fn.farDrops:
		return " __attribute__((unused, cleanup(__ml_scope_drop_far)))"
	case r.c.full:
		return " __attribute__((unused, cleanup(__ml_scope_drop)))"
	}
	return " __attribute__((unused))"
}

// stillLocals reports whether the function being rewritten is still, its
// pointer variables counting references only where other threads run
// (uncountedPointer, __ml_mv_still).
func (r *rewriter) stillLocals() bool {
	return r.c.full && r.still[r.fn.name]
}

// declSite is the site of local d's declaration with initializer e,
// shown as "d = e": the step giving d its value, and with loss tracking
// where the value d held is lost (a block run again drops the value its
// previous run left).
func (r *rewriter) declSite(d *cc.Declarator, e cc.Node) string {
	pos := e.Position()
	i := r.siteAt(d.Position(), d.Name()+" = "+toText(asWritten(cc.NodeSource(e), r.line(pos.Filename, pos.Line), r.unit.column(pos))), siteLoss)
	r.sites[i].aux = len(d.Name())
	r.sites[i].to = d.Name()
	return siteRef(i)
}

// varLossSite is a loss site at pos where variable name loses its value.
func (r *rewriter) varLossSite(pos token.Position, name string) string {
	i := r.siteAt(pos, name, siteLoss)
	r.sites[i].aux = len(name)
	r.sites[i].to = name
	return siteRef(i)
}

// setCompanion is the assignment to pointer local d of meta and provenance
// v, those of rhs, at site (a loss site naming d). With loss tracking, the
// block d named loses a reference and meta's gains one; a local names the
// block only when rhs is a call (an allocation, a function's result):
// copies between locals and loads into cursors would each cost a test on
// the hot path, and say little. The step is pending in d's provenance
// variables, unless rhs is d's own value moved (p = p + 1: the same step).
func (r *rewriter) setCompanion(d *cc.Declarator, meta string, v prov, site string, rhs cc.ExpressionNode) string {
	m := r.companion(d)
	set := m + " = " + meta
	if r.c.full {
		name := "0"
		if isCall(rhs) {
			name = site
		}
		mv := "__ml_mv"
		if r.stillLocals() {
			mv = "__ml_mv_still"
		} else if r.fn.farDrops {
			mv = "__ml_mv_far"
		}
		set = fmt.Sprintf("%s = %s(%s, %s, %s, %s)", m, mv, m, meta, site, name)
		if mv == "__ml_mv" {
			if handed, ok := r.receiveHanded(m, meta, site, name, rhs); ok {
				set = m + " = " + handed
			}
		}
		if mv != "__ml_mv_still" {
			r.keptAllocation(rhs)
		}
	}
	own := r.companionProv(d)
	if v == own {
		return set
	}
	if steps := r.takenSteps(own, site, v); steps != "" {
		return set + ", " + steps
	}
	if i, ok := siteIndex(site); ok && r.fn.assignments[d] == 1 && !d.IsParam() { // (a parameter's starts as its caller's)
		r.fn.soleSites[own] = soleSite{i, len(r.fn.targets)}
	}
	return set + ", " + r.receive(own, site, v)
}

// keptAllocation marks the call site of rhs, when it is a checked
// allocator's call (newBlock), as one whose new block a counted pointer
// local takes in the same expression (__ML_SITE_KEPT): the runtime notes no
// loss for the block (loss.c's ml_loss_block), whose count is above zero
// before the statement ends, where the note was only ever dropped again.
func (r *rewriter) keptAllocation(rhs cc.ExpressionNode) {
	if x := callOf(rhs); x != nil {
		if i, ok := r.allocSites[x]; ok {
			r.sites[i].kind |= siteKept
		}
	}
}

// stSite is the loss-tracking site argument of __ml_st for an assignment
// n to lvalue lhs that is no step (the value moved in place): its loss
// site with loss tracking, else 0.
func (r *rewriter) stSite(n, lhs cc.Node) string {
	if !r.c.full {
		return "0"
	}
	return r.lossSite(n, lhs)
}

// lossArg is the loss-tracking site argument of __ml_st for a store at
// step site: the same site with loss tracking, else 0.
func (r *rewriter) lossArg(site string) string {
	if !r.c.full {
		return "0"
	}
	return site
}

// copySite is the step site of n, a copy of a whole object into lvalue
// lhs: the pointers inside move with it.
func (r *rewriter) copySite(n, lhs cc.Node) string {
	ref := r.lossSite(n, lhs)
	r.sites[len(r.sites)-1].kind |= siteCopy
	return ref
}

// flush is the check, after a statement at n, of the references it
// dropped (loss tracking; "" in detection mode and in functions without
// a frame, whose statements are checked by their caller's).
func (r *rewriter) flush(n cc.Node) string {
	if !r.c.full || r.fn.leaf || r.fn.unreachable {
		return ""
	}
	return "__ml_flush(" + r.lossSite(n, nil) + ");"
}

// line returns line n of file (1-based) as the user wrote it, without its
// newline, cut at 300 bytes.
func (r *rewriter) line(file string, n int) string {
	s := r.unit.sourceLine(file, n)
	if len(s) > 300 {
		s = s[:300]
	}
	return s
}

// function rewrites a function definition: a frame on the shadow stack, the
// metas of its pointer parameters, and every statement of its body.
func (r *rewriter) function(fd *cc.FunctionDefinition) (frag, error) {
	outer, outerAvail := r.fn, r.avail
	defer func() { r.fn, r.avail = outer, outerAvail }()
	r.avail = availState{facts: newFacts()}
	d := fd.Declarator
	ft, _ := d.Type().(*cc.FunctionType)
	// A function that makes no calls needs no frame: nothing can look at
	// the shadow stack while it runs, except its own reports. Leaving the
	// frame out keeps small helpers small enough for gcc to inline.
	atomics := r.atomicUpdates(fd.CompoundStatement)
	makesCalls := r.containsCall(fd.CompoundStatement)
	r.fn = &fnState{name: d.Name(), ft: ft, comp: map[*cc.Declarator]string{}, compProv: map[*cc.Declarator]prov{}, assignments: assignmentCounts(fd.CompoundStatement), soleSites: map[prov]soleSite{}, uninitProv: map[string]bool{}, jumpedPast: map[string]bool{}, inRegisters: map[string]bool{}, objs: map[*cc.Declarator]*localObj{},
		leaf: (!r.callsBeyond(fd.CompoundStatement, r.leafCalls()) || r.frameless[d.Name()]) && !r.declaresLocals(fd, ft), asmCalls: r.c.asmCalls && !makesCalls, gotos: gotosOf(fd.CompoundStatement), labels: labelsOf(fd.CompoundStatement),
		allocas: calls(fd.CompoundStatement, allocas), setjmp: calls(fd.CompoundStatement, setjmps), farDrops: r.c.full && largeFunction(fd.CompoundStatement),
		uninit: map[string]string{}, switchBodies: map[*cc.CompoundStatement]bool{}, bodies: map[*cc.Statement]bool{}, stmtExprs: map[*cc.CompoundStatement]bool{}, callees: map[string]bool{}, unseenWrites: writesUnseen(fd.CompoundStatement) || r.c.full && atomics, atomics: atomics,
		defLocals: map[*cc.Declarator]int{}, passedOut: r.writtenByCallee(fd.CompoundStatement), vals: map[*cc.Declarator]string{}, lendings: r.lendings[fd],
		main: d.Name() == "main" && !d.IsStatic(), unchecked: r.unchecked[d.Name()], body: fd.CompoundStatement, knownSteps: map[string]int{}}
	r.avail.off = r.fn.unseenWrites
	r.fn.depthVar = r.fn.setjmp && !setjmpsKept(fd.CompoundStatement)
	r.fn.side = r.sideFrame(fd.CompoundStatement)
	r.fn.ptrLocals = r.countPointerLocals(fd.CompoundStatement)
	r.fn.argWords = r.keepsArgWords(fd.CompoundStatement)
	r.fn.localWords = r.localArgWords(ft)
	r.fn.metaWords = r.metasInThreadWords()
	if r.fn.metaWords != nil {
		r.fn.hotLocals = innermostLocals(fd.CompoundStatement)
	}
	r.fn.pckLocal = r.pckLocalOf(fd)
	// (a loop would keep the own bits in a register besides the entry's:
	// the benchmark's sum, whose one check runs only on a mismatch)
	r.fn.pckOwnFirst = r.fn.pckLocal != "" && !AnyNode(fd.CompoundStatement, func(n cc.Node) bool {
		_, loop := n.(*cc.IterationStatement)
		return loop
	})
	r.fn.pckGranted, r.fn.pckParams = r.pckGrantsOf(fd)
	bodyScope := r.enterScope(fd.CompoundStatement, true)
	if ft != nil {
		res := ft.Result()
		r.fn.retVoid = isVoid(res)
		r.fn.retPtr = res != nil && isDataPtr(res)
		r.fn.retAgg = r.copiesResult(res)
		r.fn.retOrigin = r.handsOrigin(d.Name(), res)
	}
	var f frag
	if r.mainOptimized() {
		// main runs once, so its frame's size does not matter: RTL's
		// loop-invariant motion, off for the unit (its flags), hoists
		// its loops' constant words (a site's address, an argument's
		// provenance) into registers instead of rebuilding them at each
		// iteration (vm.c's dispatch loop: 3 instructions a bytecode);
		// unswitching takes a hoisted call site's depth test out of its
		// loop (iteration).
		f.str(mainOptimize)
	}
	for _, c := range r.children(fd) {
		if c.node == fd.CompoundStatement {
			break
		}
		if c.node != nil {
			f.cat(r.verbatim(c.node))
		} else {
			f.tok(c.tok)
		}
	}
	entry := r.site(fd.Declarator, siteFunc)
	type param struct {
		name, from string
		pv         prov // where the argument came from
		addrTaken  bool
		inArgWords bool // its provenance stays in the thread's words (argWords)
		metaInWord bool // its meta stays in the thread's word it was passed in (metasInThreadWords)
	}
	var params []param
	var paramObjs []*localObj
	var paramDefs []string   // parameters kept in memory hold values
	var paramCopies []string // structs passed by value: the shadow of the pointers inside
	direct := r.direct[r.fn.name]
	originParams := map[string]int{} // a scalar parameter's origin variable: its position
	r.fn.callSite = direct != nil && direct.callSite
	r.fn.resultVar = direct != nil && direct.resultVar
	if ft != nil {
		for i, p := range ft.Parameters() {
			pd := p.Declarator
			tracked := false // the parameter's definedness is tracked
			if o := r.localObject(pd); o != nil {
				paramObjs = append(paramObjs, o)
				if def := r.localDef(pd, o.site, true); def != "" {
					paramDefs = append(paramDefs, r.registration(def))
					tracked = true
				}
			}
			if pd != nil && pd.Name() != "" && passesShadow(pd.Type()) {
				paramCopies = append(paramCopies, r.registration(r.objParamCopy(pd, i, direct, tracked)))
				continue
			}
			if pd != nil && pd.Name() != "" && r.takesOrigin(pd.Type(), i) && r.wantsValueOrigin(pd, nil) {
				originParams[r.newValueOrigin(pd)] = i
				continue
			}
			if pd == nil || pd.Name() == "" || !isDataPtr(pd.Type()) {
				continue
			}
			if direct != nil && !direct.inThread[i] {
				// the meta and provenance are parameters of their own
				// (the meta copied into a companion that counts as a
				// reference with loss tracking: a parameter can have
				// no cleanup; both copied into the side frame, if any,
				// but where the caller pushed them: those words are
				// memory already, which the function reads and writes
				// in place, nbody.c's recursive force passing three
				// pointers on)
				pv := prov{provSiteParam(i), provWordParam(i)}
				switch {
				case pd.AddressTaken() || r.c.full:
					params = append(params, param{pd.Name(), metaParam(i), pv, pd.AddressTaken(), false, false})
					if !pd.AddressTaken() {
						r.fn.comp[pd] = r.name("__ml_p")
					}
					r.fn.compProv[pd] = pv
				case r.fn.side != nil && !direct.pushedExtras(i):
					params = append(params, param{pd.Name(), metaParam(i), pv, false, false, false})
					r.fn.comp[pd] = r.name("__ml_p")
					r.fn.compProv[pd] = r.paramProv()
					r.paramInRegisters(pd, fd.CompoundStatement)
				default:
					if r.fn.side != nil {
						r.fn.side.pushed += 3
					}
					r.fn.comp[pd] = metaParam(i)
					r.fn.compProv[pd] = pv
					if x := r.entryCalls[r.fn.name]; x != nil && !r.entryParam(x, i) {
						// (its only call passes no pending step: tableCall)
						r.fn.compProv[pd] = prov{"0", pv.word}
					}
				}
				r.entryFolds(fd, pd, i, r.fn.compProv[pd])
				continue
			}
			from := "__ml_metav((__ml_uptr)" + pd.Name() + ")"
			pv := generated(genCaller)
			switch n := strconv.Itoa(i); {
			case direct != nil:
				// (its caller, a direct call, set them)
				from, pv = "__ml_t.arg["+n+"]", argWords(i)
			case i < threadArgs:
				own := r.ownsArgs()
				from = own + " ? __ml_t.arg[" + n + "] : " + from
				pv = prov{own + " ? __ml_t.argsite[" + n + "] : 0", own + " ? __ml_t.argprov[" + n + "] : " + genCaller}
			}
			inArgWords := (direct == nil || direct.inThread[i]) && i < threadArgs && !pd.AddressTaken() && r.fn.argWords
			metaInWord := !pd.AddressTaken() && inArgWords && r.fn.metaWords != nil && !r.fn.hotLocals[pd]
			params = append(params, param{pd.Name(), from, pv, pd.AddressTaken(), inArgWords, metaInWord})
			if !pd.AddressTaken() {
				r.fn.comp[pd] = r.name("__ml_p")
				if metaInWord {
					// (its caller's meta stays where it was passed)
					r.fn.comp[pd] = "__ml_t.arg[" + strconv.Itoa(i) + "]"
				}
				r.fn.compProv[pd] = r.paramProv()
				if inArgWords {
					r.fn.compProv[pd] = argWords(i)
				} else {
					r.paramInRegisters(pd, fd.CompoundStatement)
				}
				r.entryFolds(fd, pd, i, r.fn.compProv[pd])
			}
		}
	}
	r.seedWhole(ft)
	// The prologue is built after the body: the body decides which meta
	// variables exist and whether setjmp makes them volatile.
	body := r.compound(fd.CompoundStatement, func(open, items frag) frag {
		vol := r.setjmpWrites(fd.CompoundStatement, items)
		var pro []string
		side := r.fn.side
		if s := r.pckScope(fd, entry); s != "" {
			pro = append(pro, s)
		}
		for _, flag := range r.fn.pckFlags {
			pro = append(pro, "int "+flag+" __attribute__((unused)) = 0;")
		}
		if r.fn.callSite {
			atEntry := r.atCaller()
			if r.pushedLeaves[r.fn.name] {
				atEntry = "__ml_at_call(" + callSiteParam + "), "
			}
			pro = append(pro, own(nil, "const struct __ml_site *", callSiteVar, " __attribute__((unused))",
				"__builtin_constant_p((__ml_uptr)"+callSiteParam+" - (__ml_uptr)__ml_sites) ? "+callSiteParam+" : ("+atEntry+"(const struct __ml_site *)0)"))
			if r.pushedLeaves[r.fn.name] {
				// out of line, the frame the entry pushed for a frameless
				// caller is popped once the return's value is made
				pro = append(pro, own(nil, "const struct __ml_site *", "__ml_csq", " __attribute__((cleanup(__ml_at_call_cleanup)))",
					callSiteVar+" ? 0 : "+callSiteParam))
			}
		}
		if !r.fn.leaf {
			enter := "__ml_enter(" + siteRef(entry) + ")"
			if r.fn.depthVar {
				// (set before any setjmp and never after: register even then)
				pro = append(pro, own(nil, "unsigned ", "__ml_d", " __attribute__((unused))", enter))
			} else {
				pro = append(pro, "(void)"+enter+";")
			}
			if r.entryCalls[r.fn.name] != nil || r.fn.paramSteps {
				pro = append(pro, "__ml_depth_kept();")
			}
		}
		if r.fn.main {
			// once main returns, the stack below its frame is dead: the
			// leak check at exit does not take what lingers there for
			// pointers
			pro = append(pro, "__ml_main_frame((__ml_uptr)__builtin_frame_address(0));")
		}
		ownsArgs := (len(params) != 0 || len(paramCopies) != 0 || len(originParams) != 0) && direct == nil
		// A function taking no metas that code memlens does not see may
		// call, and that calls others, still looks at the word: called
		// back by a library, it keeps the word the library's instrumented
		// caller left (__ml_own), which its own calls would replace, and
		// that caller's test after the call finds it (externWrites).
		takesWord := ownsArgs || r.c.full && direct == nil && !r.fn.leaf && !r.calledByNameOnly(r.fn.name)
		if takesWord && r.c.optimizing {
			pro = append(pro, own(nil, "int ", "__ml_own_", " __attribute__((unused))", "__ml_own("+r.funcWord(r.fn.name)+")"))
		}
		pro = r.objectMetas(pro, side, vol)
		pro = append(pro, r.scopeVar(bodyScope, true)())
		for _, o := range paramObjs {
			if o.escapes {
				pro = append(pro, r.registration(o.register(r.depth())))
			}
		}
		pro = append(pro, paramDefs...)
		pro = append(pro, paramCopies...)
		for _, v := range r.fn.valOrder {
			init := "0"
			if i, ok := originParams[v]; ok {
				init = "__ml_t.arg[" + strconv.Itoa(i) + "]"
				switch {
				case direct == nil:
					init = r.ownsArgs() + " ? " + init + " : 0"
				case !direct.inThread[i]:
					init = originParam(i) // (every direct call passes it)
				}
			}
			pro = append(pro, own(vol, "__ml_uptr ", v, " __attribute__((unused))", init))
		}
		stillAssigned := map[*cc.Declarator]bool{}
		if r.stillLocals() {
			assignedVars(fd.CompoundStatement, stillAssigned)
		}
		for _, p := range params {
			if p.addrTaken {
				tag := metaWild
				if o := r.fn.objs[declByName(ft, p.name)]; o != nil {
					tag = o.meta
				}
				// the argument's step is the store into the parameter
				pro = append(pro, "register int "+r.name("__ml_s")+" __attribute__((unused)) = ("+store("(__ml_uptr)&"+p.name, "(__ml_uptr)"+p.name, p.from, tag, p.pv.site, prov{"0", p.pv.word})+", 0);")
				continue
			}
			pd := declByName(ft, p.name)
			pside := side
			if r.fn.inRegisters[r.fn.comp[pd]] {
				pside = nil
			}
			switch {
			case r.c.full && r.still[r.fn.name]:
				// (a still function: the parameter borrows its block)
				borrow := "__ml_borrow("
				if r.heldArgs[r.fn.name] {
					borrow = "__ml_borrow_held("
				}
				if stillAssigned[pd] {
					// (its own reference besides the borrow's, where
					// other threads run: its assignments move it)
					pro = append(pro, own(vol, "__ml_meta_t ", r.fn.comp[pd], r.companionAttrs(), "__ml_still_param("+p.from+")"))
				} else {
					pro = append(pro, own(vol, "__ml_meta_t ", r.fn.comp[pd], " __attribute__((unused))", p.from))
				}
				if !r.heldParams[pd] {
					pro = append(pro, own(vol, "__ml_meta_t ", r.name("__ml_b"), " __attribute__((unused, cleanup(__ml_borrow_end)))", borrow+r.fn.comp[pd]+")"))
				}
			case r.c.full && r.heldParams[pd]:
				// (the caller's variable holds the reference all along:
				// heldparams.go)
				pro = pside.own(pro, vol, "__ml_meta_t ", r.fn.comp[pd], " __attribute__((unused))", p.from, true)
			case r.c.full:
				pro = side.own(pro, vol, "__ml_meta_t ", r.fn.comp[pd], r.companionAttrs(), "__ml_refd("+p.from+")", true)
			case p.metaInWord:
				// (another caller's meta replaced by the argument's own)
				pro = append(pro, "(void)("+r.ownsArgs()+" ? 0 : ("+r.fn.comp[pd]+" = __ml_metav((__ml_uptr)"+p.name+")));")
			default:
				pro = pside.own(pro, vol, "__ml_meta_t ", r.fn.comp[pd], r.companionAttrs(), p.from, true)
			}
			if pv := r.fn.compProv[pd]; p.inArgWords {
				// (another caller's words are no one's now; a direct
				// function's caller set them)
				if r.direct[r.fn.name] == nil {
					pro = append(pro, "(void)("+r.ownsArgs()+" ? 0 : ("+pv.site+" = 0, "+pv.word+" = "+genCaller+"));")
				}
			} else if pv != p.pv && pv.pending() {
				pro = pside.own(pro, vol, "const struct __ml_site *", pv.site, " __attribute__((unused))", p.pv.site, true)
				pro = pside.own(pro, vol, "__ml_prov_t ", pv.word, " __attribute__((unused))", p.pv.word, true)
			} else if pv != p.pv {
				pro = pside.own(pro, vol, "__ml_prov_t ", pv.word, " __attribute__((unused))", settled(p.pv), true)
			}
		}
		pro = r.provDecls(pro, vol)
		companions := map[string]bool{}
		for _, m := range r.fn.comp {
			companions[m] = true
		}
		for _, m := range r.fn.metas {
			init := "0"
			if u, ok := r.fn.uninit[m]; ok {
				init = u
			}
			if companions[m] {
				_, uninit := r.fn.uninit[m]
				own := side
				if r.fn.inRegisters[m] {
					own = nil
				}
				pro = own.own(pro, vol, "__ml_meta_t ", m, r.companionAttrs(), init, uninit || r.fn.jumpedPast[m])
			} else {
				pro = side.temps(r).own(pro, vol, "__ml_meta_t ", m, " __attribute__((unused))", init, true)
			}
		}
		for _, m := range r.fn.threadMetas {
			// (a local declared with a value sets its meta first)
			if u, ok := r.fn.uninit[m]; ok {
				pro = append(pro, m+" = "+u+";")
			} else if r.fn.jumpedPast[m] {
				pro = append(pro, m+" = 0;")
			}
		}
		for _, h := range r.fn.held {
			pro = side.own(pro, vol, "__ml_uptr ", h, " __attribute__((unused))", "0", false)
		}
		side.lay(r, pro)
		if takesWord && !r.c.optimizing {
			// (the metas taken: __ml_own; a declaration, as
			// the prologue's others)
			pro = append(pro, own(nil, "int ", r.name("__ml_sf"), " __attribute__((unused))", "(__ml_own("+r.funcWord(r.fn.name)+"), 0)"))
		}
		var g frag
		g.cat(open)
		g.str(strings.Join(pro, " "))
		return g
	})
	r.fn.side.rename(body)
	if r.fn.asmCalls && !r.callsNoreturn(fd.CompoundStatement) {
		redZoneTemporaries(fd, ft, body)
	}
	f.cat(body)
	if r.c.full && r.fn.setjmp {
		r.keepOutOfLine(r.fn.callees)
	}
	if r.fn.asmCalls {
		r.asmCallFns[fd] = true
	}
	return f, nil
}

// ownsArgs is the test whether the caller passed metas for the function
// (__ml_own). Unoptimised, __ml_t.callee is compared at each use and
// cleared after the prologue: a variable holding the answer, live across
// the prologue's calls, would be a callee-saved register gcc -O0 pushes.
// keepsArgWords reports whether the pointer parameters of the function
// whose body is body keep their provenance, the pending site and word
// their caller passed, in the thread's words (__ml_t.argsite and argprov),
// not in variables: optimising, in a function without a side frame whose
// calls (of helpers gcc inlines: sideFrame) set none of those words (a
// direct function's extra words in registers; a signal handler's calls
// are undone, handlers.c). Its checks read them as memory operands (the
// _tw forms), which only a failure's stub reads, so gcc keeps no register
// or frame slot for them through the function (zlib's inflate_table: six
// pointers, three words each).
func (r *rewriter) keepsArgWords(body *cc.CompoundStatement) bool {
	if !r.c.optimizing || r.fn.side != nil || r.eager() || r.typestate || r.c.every {
		return false
	}
	inRegisters := map[string]bool{}
	for name, fn := range r.direct {
		inRegisters[name] = len(fn.inThread) == 0
	}
	for name := range r.inlineHinted {
		inRegisters[name] = inRegisters[name] || r.direct[name] == nil // (a plainHelper)
	}
	// (an inline copy calls the replacement when a test fails, which
	// takes its arguments' words in the thread's: libpng's
	// png_do_write_interlace lost row_info's meta to memcpy's)
	return !r.callsBeyond(body, inRegisters) && !r.copiesInline(body)
}

// copiesInline reports whether body holds a call of a memory function
// made inline (inlineCopyStatement).
func (r *rewriter) copiesInline(body *cc.CompoundStatement) bool {
	return AnyNode(body, func(n cc.Node) bool {
		s, ok := n.(*cc.ExpressionStatement)
		if !ok || s.ExpressionList == nil {
			return false
		}
		_, fc := r.inlineCopyStatement(s)
		return fc != nil
	})
}

// localArgWords lists the thread's words a function keeping its
// parameters' there (keepsArgWords) also keeps its pointer locals'
// provenance in, those past its parameters' (highest first, the next
// last): its checks read them as memory operands too, so gcc holds no
// pending site and word per live pointer in registers or frame slots
// (zlib's inflate_fast: eleven pointers in one loop). Only where no call
// can write them: the function calls nothing but helpers gcc inlines whose
// extra words are in registers (it has no side frame and keepsArgWords),
// is not main (whose calls may be of any direct function), and is
// neither direct nor a plainHelper, which a caller keeping its own words
// there could call (or inline, where their words would share places).
func (r *rewriter) localArgWords(ft *cc.FunctionType) []int {
	if !r.fn.argWords || r.fn.name == "main" || r.direct[r.fn.name] != nil || r.inlineHinted[r.fn.name] {
		return nil
	}
	params := 0
	if ft != nil {
		params = len(ft.Parameters())
	}
	var words []int
	for i := params; i < threadArgs; i++ {
		words = append(words, i)
	}
	return words
}

// metasInThreadWords lists the thread's argument metas (__ml_t.arg) a
// function keeping its pointer locals' provenance in the thread's words
// (localArgWords) keeps their metas in too, the same positions: where
// nothing it runs writes them (its calls are of inlined helpers whose
// extra words are in registers; a signal handler's calls are undone by the
// wrapper, handlers.c), a meta gcc would spill to a frame slot is read
// from there instead (zlib's inflate_fast: eleven pointers' metas live
// across its loop, 88 bytes of frame where gcc's is 56). Not where a
// companion counts references or is still (its cleanup needs a variable).
func (r *rewriter) metasInThreadWords() []int {
	if len(r.fn.localWords) == 0 || r.companionAttrs() != " __attribute__((unused))" {
		return nil
	}
	return slices.Clone(r.fn.localWords)
}

// innermostLocals is the set of variables named in body's most deeply
// nested loops (none without a loop): their metas, read by the checks that
// run most, stay variables gcc may keep in registers, where a thread's word
// costs a load per check (zlib's inflate_fast: its eleven pointers' metas
// all in the thread's words, +11.8% instructions; out and from, named in
// its copy loops, kept, +2.3%, the frame as small; those dereferenced in
// any loop kept, 8 bytes more, and inflate_table's gain lost).
func innermostLocals(body *cc.CompoundStatement) map[*cc.Declarator]bool {
	deepest, at := 0, map[*cc.Declarator]int{}
	var walk func(n cc.Node, depth int)
	walk = func(n cc.Node, depth int) {
		switch x := n.(type) {
		case *cc.IterationStatement:
			depth++
			deepest = max(deepest, depth)
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionIdent {
				if d := declOf(x); d != nil {
					at[d] = max(at[d], depth)
				}
			}
		}
		eachChild(n, func(c cc.Node) { walk(c, depth) })
	}
	walk(body, 0)
	hot := map[*cc.Declarator]bool{}
	for d, depth := range at {
		if deepest > 0 && depth == deepest {
			hot[d] = true
		}
	}
	return hot
}

// argWords is the provenance of parameter i in the thread's words.
func argWords(i int) prov {
	n := strconv.Itoa(i)
	return prov{"__ml_t.argsite[" + n + "]", "__ml_t.argprov[" + n + "]"}
}

// isArgWords reports whether v is a parameter's provenance kept in the
// thread's words (keepsArgWords).
func (r *rewriter) isArgWords(v prov) bool {
	return r.fn.argWords && strings.HasPrefix(v.site, "__ml_t.argsite[")
}

func (r *rewriter) ownsArgs() string {
	if r.c.optimizing {
		return "__ml_own_"
	}
	return "(__ml_t.callee == " + r.funcWord(r.fn.name) + ")"
}

// keepOutOfLine makes the functions of the unit that callees names (those
// a function calling setjmp calls) never inlined: inlined into it, their
// locals would share its frame, which a longjmp back does not unwind
// (jumps.c). Functions declared inline, or given the hint, are left to the
// compiler (gcc warns of noinline after inline).
func (r *rewriter) keepOutOfLine(callees map[string]bool) {
	for _, name := range slices.Sorted(maps.Keys(callees)) {
		if !r.inlineDefs[name] && !r.inlineHinted[name] && !slices.Contains(r.noinline, name) {
			r.noinline = append(r.noinline, name)
		}
	}
}

// compound rewrites a compound statement. For a function body, prologue
// inserts the frame set-up after the opening brace; the body's end restores
// the shadow stack.
// declByName finds the declarator of the parameter called name.
func declByName(ft *cc.FunctionType, name string) *cc.Declarator {
	for _, p := range ft.Parameters() {
		if p.Declarator != nil && p.Declarator.Name() == name {
			return p.Declarator
		}
	}
	return nil
}

func (r *rewriter) compound(cs *cc.CompoundStatement, prologue func(open, items frag) frag) frag {
	var items frag
	var sc *scope
	if prologue == nil { // a function body's scope is opened with its parameters
		sc = r.enterScope(cs, false)
		defer r.leaveScope()
	}
	cleanups := false
	before := r.avail.facts.clone()
	outerUnreachable := r.fn.unreachable
	defer func() { r.fn.unreachable = outerUnreachable }()
	preamble := r.fn.switchBodies[cs]
	var open frag
	open.tok(cs.Token)
	leading := true
	asserted := false // the previous item was a _Static_assert, whose ';' cc/v4 parses as an empty statement
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		bi := l.BlockItem
		if bi == nil {
			continue
		}
		if asserted && isEmptyStatement(bi) {
			// the assertion's own ';': nothing may come between them
			asserted = false
			items.cat(r.blockItem(bi))
			continue
		}
		asserted = bi.Case == cc.BlockItemDecl && bi.Declaration.Case == cc.DeclarationAssert
		if bi.Case == cc.BlockItemDecl && isSynthetic(bi.Declaration) {
			continue
		}
		if leading = leading && bi.Case == cc.BlockItemLabel; leading {
			// GNU local labels (`__label__ l;`) open the block, before
			// anything memlens declares there
			open.cat(r.blockItem(bi))
			continue
		}
		if preamble && bi.Case == cc.BlockItemStmt && bi.Statement.Case == cc.StatementLabeled {
			preamble = false
			r.fn.unreachable = outerUnreachable
		} else if preamble {
			r.fn.unreachable = true
		}
		if bi.Case == cc.BlockItemStmt || bi.Case == cc.BlockItemDecl && !isStaticOrExtern(bi.Declaration.DeclarationSpecifiers) {
			items.str(r.counted())
		}
		items.cat(r.blockItem(bi))
		if flushesAfter(bi) && mayDrop(bi) && (l.BlockItemList != nil || !r.fn.stmtExprs[cs]) { // (a statement expression's last item is its value)
			items.str(r.flush(bi))
		}
		if bi.Case == cc.BlockItemDecl && hasCleanup(bi.Declaration) {
			cleanups = true
		}
	}
	switch {
	case cleanups:
		r.avail.reset() // the cleanup functions run here and may free
	case len(r.fn.scopes[len(r.fn.scopes)-1].objs) != 0:
		r.avail.keepOlder(before) // its locals are retired here: only older blocks stay
	}
	var f frag
	if prologue != nil {
		// the prologue's declarations are collected while rewriting the items
		f.cat(prologue(open, items))
		f.cat(items)
		xs, _ := r.exitSite(cs.Token2, "}", false)
		f.str(xs)
		if r.fn.retOrigin { // (reached by a function that returns no value: a caller may use it all the same)
			name := r.fn.name
			f.later(func() string { return r.whereUndefined(name, " __ml_t.retorg = 0;") })
		}
		f.str(r.leave() + r.endAfterExit(cs))
	} else {
		f.cat(open)
		if sc.own {
			f.later(r.scopeVar(sc, false))
		}
		f.cat(items)
		if !r.fn.stmtExprs[cs] { // (a statement expression's last item is its value)
			f.str(r.blockDrops(cs))
			if left := r.scopesLeft([]*scope{sc}, cs.Token2, "}"); left != nil {
				f.later(left)
			}
		}
	}
	f.tok(cs.Token2)
	return f
}

// blockDrops is the end of block cs for loss tracking: its pointer locals
// leave scope (their companions' cleanups only run when the function
// returns).
func (r *rewriter) blockDrops(cs *cc.CompoundStatement) string {
	return r.scopeDrops([]*scope{{cs: cs}}, cs.Token2)
}

// scopeDrops is the exit from the blocks of scopes at tok, for loss
// tracking: the pointer locals they declare leave scope there.
func (r *rewriter) scopeDrops(scopes []*scope, tok cc.Token) string {
	var decls []*cc.Declaration
	for _, sc := range scopes {
		for l := sc.cs.BlockItemList; l != nil; l = l.BlockItemList {
			if bi := l.BlockItem; bi != nil && bi.Case == cc.BlockItemDecl {
				decls = append(decls, bi.Declaration)
			}
		}
	}
	return r.declDrops(decls, tok)
}

// declDrops is the end of the scope of decls at tok, for loss tracking:
// their pointer locals leave scope there.
func (r *rewriter) declDrops(decls []*cc.Declaration, tok cc.Token) string {
	if !r.c.full {
		return ""
	}
	drop := "__ml_block_drop"
	if r.stillLocals() {
		drop = "__ml_still_block_drop"
	} else if r.fn.farDrops {
		drop = "__ml_block_drop_far"
	}
	var b strings.Builder
	for _, decl := range decls {
		for il := decl.InitDeclaratorList; il != nil; il = il.InitDeclaratorList {
			d := il.InitDeclarator.Declarator
			if m, ok := r.fn.comp[d]; ok {
				fmt.Fprintf(&b, "%s(&%s, %s); ", drop, m, r.varLossSite(tok.Position(), d.Name()))
			}
		}
	}
	if b.Len() != 0 {
		b.WriteString(r.flush(tok))
	}
	return b.String()
}

// exitedScopes are the blocks jump statement j leaves (the function body
// aside: returns leave it).
func (r *rewriter) exitedScopes(j *cc.JumpStatement) []*scope {
	from := len(r.fn.scopes)
	switch j.Case {
	case cc.JumpStatementBreak, cc.JumpStatementContinue:
		for i := len(r.fn.targets) - 1; i >= 0; i-- {
			if t := r.fn.targets[i]; t.loop || j.Case == cc.JumpStatementBreak {
				from = t.scopes
				break
			}
		}
	case cc.JumpStatementGoto:
		l := r.fn.labels[j.Token2.SrcStr()]
		if l == nil {
			return nil
		}
		from = 1
		for from < len(r.fn.scopes) && inside(l, r.fn.scopes[from].cs) {
			from++
		}
	}
	if from < 1 {
		from = 1
	}
	return r.fn.scopes[from:]
}

// flushesAfter reports whether the references block item bi drops are
// checked after it: it is a declaration or a statement that completes
// (not a jump, after which nothing runs).
func flushesAfter(bi *cc.BlockItem) bool {
	switch bi.Case {
	case cc.BlockItemDecl:
		return bi.Declaration.InitDeclaratorList != nil
	case cc.BlockItemStmt:
		s := bi.Statement
		for s.Case == cc.StatementLabeled && s.LabeledStatement.Statement != nil {
			s = s.LabeledStatement.Statement
		}
		return s.Case != cc.StatementJump && s.Case != cc.StatementAsm
	}
	return false
}

// mayDrop reports whether statement or declaration n may drop a
// reference to a heap block (loss tracking), so that a flush after it can
// find a count it brought to zero: it makes a call (a callee hands its
// drops to the caller's statement), assigns, updates or declares anything
// but an arithmetic scalar that is not address-taken (a pointer's old
// value, the pointers in a struct, a registered local retired at its
// block's end), or holds a statement expression or asm. Statements made
// only of arithmetic on scalars leave every count as it was.
func mayDrop(n cc.Node) bool { return mayDropThrough(n, true) }

// mayDropBesideCalls is mayDrop but for calls, whose arguments it still
// looks into.
func mayDropBesideCalls(n cc.Node) bool { return mayDropThrough(n, false) }

func mayDropThrough(n cc.Node, calls bool) bool {
	found := false
	walkNodes(n, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionCall:
				found = calls
			case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
				found = !cc.IsArithmeticType(x.PostfixExpression.Type())
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec {
				found = !cc.IsArithmeticType(x.UnaryExpression.Type())
			}
		case *cc.AssignmentExpression:
			found = x.Case != cc.AssignmentExpressionCond && !cc.IsArithmeticType(x.UnaryExpression.Type())
		default:
			found = declMayDrop(n)
		}
		return !found
	})
	return found
}

// declMayDrop reports whether node n declares a local that may hold a
// reference when it dies (anything but an arithmetic scalar that is not
// address-taken), or is a statement expression or asm, whose effects on
// counts the analyses do not follow.
func declMayDrop(n cc.Node) bool {
	switch x := n.(type) {
	case *cc.Declarator:
		return !cc.IsArithmeticType(x.Type()) || x.AddressTaken()
	case *cc.PrimaryExpression:
		return x.Case == cc.PrimaryExpressionStmt
	case *cc.AsmStatement, *cc.AsmExpressionList:
		return true
	}
	return false
}

func isSynthetic(d *cc.Declaration) bool {
	if d == nil || d.InitDeclaratorList == nil {
		return false
	}
	// cc/v4 declares __func__ at the top of every body; the name is
	// reserved, so a user cannot have declared it.
	id := d.InitDeclaratorList.InitDeclarator
	return id != nil && id.Declarator != nil && id.Declarator.Name() == "__func__"
}

func (r *rewriter) blockItem(bi *cc.BlockItem) frag {
	switch bi.Case {
	case cc.BlockItemFuncDef:
		// a GNU nested function is left uninstrumented (its __func__ and
		// its nested functions' are marked with its parent's, markSynthetic)
		return r.verbatim(bi)
	}
	return r.generic(bi)
}

// stmt rewrites statement s. One a #pragma stands before (`#pragma omp
// section`, `omp flush`, `GCC unroll`) has the pragma first, before what
// memlens adds in front of it, and a statement memlens turned into several
// is braced: a pragma applying to the next statement gets all of it. A
// loop keeps its keyword first (`omp for` wants a loop) and an atomic
// update its form (`omp atomic` wants an expression statement, which its
// rewrite is).
func (r *rewriter) stmt(s *cc.Statement) frag {
	t, words, ok := r.pragmaBefore(s)
	if !ok {
		return r.stmtAfterPragma(s)
	}
	f := frag{piece{tok: t, lead: true}}
	atomic := len(words) > 1 && string(words[1]) == "atomic"
	body := r.stmtAfterPragma(s)
	first, _ := body.first()
	if s.Case == cc.StatementIteration || atomic || first.isTok && first.tok.Seq() == t.Seq() || !appliesToNext(words) {
		f.cat(body)
		return f
	}
	f.str("{")
	f.cat(body)
	f.str("}")
	return f
}

// appliesToNext reports whether the #pragma of words applies to the
// statement after it (OpenMP's and OpenACC's, GCC's loop pragmas), which
// then gets all memlens made of it; a diagnostic pragma does not, and a
// statement expression's last statement must stay its value
// (`({ _Pragma("GCC diagnostic push") p; })`, grep's CAST_ALIGNED).
func appliesToNext(words [][]byte) bool {
	if len(words) == 0 {
		return false
	}
	switch string(words[0]) {
	case "omp", "acc":
		return true
	case "GCC":
		return len(words) > 1 && (string(words[1]) == "unroll" || string(words[1]) == "ivdep" || string(words[1]) == "novector")
	}
	return false
}

// pragmaBefore returns the first token of node n, in a function, and the
// words of the #pragma line that stands right before it, if one does.
func (r *rewriter) pragmaBefore(n cc.Node) (cc.Token, [][]byte, bool) {
	pos := n.Position()
	if r.fn == nil || isOurSource(pos.Filename) {
		return cc.Token{}, nil, false
	}
	words, ok := r.unit.pragmaBefore(r.unit.origOffset(pos.Offset))
	if !ok {
		return cc.Token{}, nil, false
	}
	for {
		cs := r.children(n)
		if len(cs) == 0 {
			return cc.Token{}, nil, false
		}
		if cs[0].node == nil {
			return cs[0].tok, words, true
		}
		n = cs[0].node
	}
}

// instrumented reports whether function definition fd is rewritten: it
// is the user's, and not left alone (sharesLocals).
func (r *rewriter) instrumented(fd *cc.FunctionDefinition) bool {
	return !r.unit.isSystemDef(fd) && !r.alone[fd]
}

// sharesLocals reports whether fd's body holds an OpenMP or OpenACC
// construct whose code runs on several threads with the function's locals
// shared (parallel, task, target, teams…) or whose loop must keep its
// canonical form (for, simd, loop, distribute). memlens leaves such a
// function as it is, as if a unit it does not instrument defined it: the
// companions of its locals would be shared between the threads, unknown
// to a default(none) clause, and turn a loop's header into statement
// expressions. Functions it calls are checked as usual.
func (r *rewriter) sharesLocals(fd *cc.FunctionDefinition) bool {
	return r.bodyPragma(fd.CompoundStatement, func(words [][]byte) bool {
		if len(words) < 2 || string(words[0]) != "omp" && string(words[0]) != "acc" {
			return false
		}
		for _, w := range words[1:] {
			switch string(w) {
			case "parallel", "task", "taskloop", "target", "teams", "for", "simd", "loop", "distribute", "kernels", "serial":
				return true
			}
		}
		return false
	})
}

// atomicUpdates reports whether body holds an atomic update (`#pragma omp
// atomic`), which must keep its form: its function's integer stores are not
// traced for the memory graph and, with full checking, its definedness is
// not tracked, as in one with asm (the trace's call, the origins and the
// definedness updates of an assignment make it a statement expression).
func (r *rewriter) atomicUpdates(body *cc.CompoundStatement) bool {
	return r.bodyPragma(body, func(words [][]byte) bool {
		return len(words) > 1 && string(words[1]) == "atomic"
	})
}

// bodyPragma reports whether pred holds for the words (pragmaWords) of a
// #pragma line of the user's function body.
func (r *rewriter) bodyPragma(body *cc.CompoundStatement, pred func(words [][]byte) bool) bool {
	if body == nil || isOurSource(body.Position().Filename) {
		return false
	}
	from, to := r.unit.origOffset(body.Token.Position().Offset), r.unit.origOffset(body.Token2.Position().Offset)
	for _, d := range r.unit.directiveLines(from, to) {
		if words, ok := pragmaWords(r.unit.orig[d[0]:d[1]]); ok && pred(words) {
			return true
		}
	}
	return false
}

// asmOutputsDefined is, with full checking, the code marking written the
// output operands of asm a that lie behind a pointer: memlens does not see
// asm write them (libdeflate's cpuid(1, 0, &a, &b, &c, &d), "=b"(*b)), and
// the caller's locals they point to would stay undefined. An asm that
// clobbers "memory" may also write through the pointers it is given
// (mbedtls's AES-NI code stores a block through an "r" input): what each
// input pointer to non-const data points into is marked written, as for a call
// of a function memlens does not see (__ml_def_extern, with the pointer's
// meta). It runs before the asm, as MSan's conservative asm handling does:
// an operand's address is gcc's before the asm too (an asm may change the
// pointer it is reached by), and after it a register the asm clobbers
// without saying so may hold that address (lzo's clock_gettime, a syscall
// that does not list rcx).
func (r *rewriter) asmOutputsDefined(a *cc.Asm) frag {
	var f frag
	if !r.c.full || a.AsmArgList == nil {
		return f
	}
	outs := a.AsmArgList
	for l := outs.AsmExpressionList; l != nil; l = l.AsmExpressionList {
		e := asmOperand(l.AssignmentExpression)
		if e != nil && needsCheck(unparen(e)) && !r.noAddress(unparen(e)) && !hasSideEffects(e) {
			text := toText(cc.NodeSource(e))
			f.strf(" __ml_def((__ml_uptr)&(%s), sizeof(%s));", text, text)
		}
	}
	if ins := outs.AsmArgList; ins != nil && asmClobbersMemory(outs) {
		// (an in-out operand is an input too: rep stosb's "+D"(p))
		var given []cc.ExpressionNode
		for l := outs.AsmExpressionList; l != nil; l = l.AsmExpressionList {
			if strings.HasPrefix(asmConstraint(l.AssignmentExpression), `"+`) {
				given = append(given, asmOperand(l.AssignmentExpression))
			}
		}
		for l := ins.AsmExpressionList; l != nil; l = l.AsmExpressionList {
			given = append(given, asmOperand(l.AssignmentExpression))
		}
		for _, e := range given {
			if e != nil && !hasSideEffects(e) && asmMayWriteThrough(e) {
				code, meta, _ := r.ptrExpr(e)
				v := r.name("__ml_v")
				f.str(" { register __auto_type " + v + " = ")
				f.cat(code)
				f.strf("; __ml_def_extern((__ml_uptr)%s, %s); }", v, meta)
			}
		}
	}
	return f
}

// asmConstraint is the constraint string of asm operand e as written
// ("+D"), or "".
func asmConstraint(e cc.ExpressionNode) string {
	if x, ok := e.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall {
		return toText(cc.NodeSource(x.PostfixExpression))
	}
	return ""
}

// asmClobbersMemory reports whether an asm whose operand sections start
// at outs lists "memory" among its clobbers (the third section).
func asmClobbersMemory(outs *cc.AsmArgList) bool {
	if outs.AsmArgList == nil || outs.AsmArgList.AsmArgList == nil {
		return false
	}
	for l := outs.AsmArgList.AsmArgList.AsmExpressionList; l != nil; l = l.AsmExpressionList {
		if l.AssignmentExpression != nil && toText(cc.NodeSource(l.AssignmentExpression)) == `"memory"` {
			return true
		}
	}
	return false
}

// asmMayWriteThrough reports whether asm operand e is a pointer (or an
// array, passed as its address) to data that is not const.
func asmMayWriteThrough(e cc.ExpressionNode) bool {
	t := e.Type()
	return t != nil && mayWriteThrough(e, t.Decay())
}

// asmOperand is the lvalue of asm operand e, which the front end reads
// as a call of its constraint string ("=a"(*a)), or nil.
func asmOperand(e cc.ExpressionNode) cc.ExpressionNode {
	x, ok := e.(*cc.PostfixExpression)
	if !ok || x.Case != cc.PostfixExpressionCall || x.ArgumentExpressionList == nil || x.ArgumentExpressionList.ArgumentExpressionList != nil {
		return nil
	}
	return x.ArgumentExpressionList.AssignmentExpression
}

// stmtAfterPragma is stmt's rewrite of s.
func (r *rewriter) stmtAfterPragma(s *cc.Statement) frag {
	switch s.Case {
	case cc.StatementAsm:
		r.avail.reset() // it may write any variable
		defs := r.asmOutputsDefined(s.AsmStatement.Asm)
		if len(defs) == 0 {
			return r.verbatim(s)
		}
		var f frag
		f.str("{")
		f.cat(defs)
		f.str(" ")
		f.cat(r.verbatim(s))
		f.str(" }")
		return f
	case cc.StatementSelection:
		ss := s.SelectionStatement
		if ss.Case == cc.SelectionStatementSwitch && ss.Statement.Case == cc.StatementCompound {
			r.fn.switchBodies[ss.Statement.CompoundStatement] = true
		}
		r.fn.bodies[ss.Statement] = true
		r.fn.bodies[ss.Statement2] = true
	case cc.StatementIteration:
		r.fn.bodies[s.IterationStatement.Statement] = true
		r.fn.loops = append(r.fn.loops, s.IterationStatement)
		defer func() { r.fn.loops = r.fn.loops[:len(r.fn.loops)-1] }()
	case cc.StatementExpr:
		// the unbraced body of an if or a loop is a statement of its
		// own: what it drops is checked when it is over, not after
		// the whole loop
		if r.fn.bodies[s] {
			fl := ""
			if mayDrop(s) {
				fl = r.flush(s)
			}
			if fl != "" || r.c.count {
				var f frag
				f.str("{" + r.counted())
				f.cat(r.generic(s))
				f.str(fl + "}")
				return f
			}
		}
	}
	if r.fn.bodies[s] && s.Case != cc.StatementCompound && r.c.count {
		var f frag
		f.str("{" + r.counted())
		f.cat(r.generic(s))
		f.str("}")
		return f
	}
	return r.generic(s)
}

// isEmptyStatement tells whether bi is the empty statement `;`.
func isEmptyStatement(bi *cc.BlockItem) bool {
	return bi.Case == cc.BlockItemStmt && bi.Statement.Case == cc.StatementExpr && bi.Statement.ExpressionStatement.ExpressionList == nil &&
		bi.Statement.ExpressionStatement.AttributeSpecifierList == nil
}

// counted is the code counting a statement run (Mode.CountStatements), or
// "".
func (r *rewriter) counted() string {
	if !r.c.count || r.fn.unreachable {
		return ""
	}
	return "__ml_t.clock++;"
}

// declaration rewrites a block-scope declaration: pointer locals get their
// metas from their initializers.
func (r *rewriter) declaration(d *cc.Declaration) frag {
	if r.fn == nil || isStaticOrExtern(d.DeclarationSpecifiers) {
		r.literalPointers(d)
		f := r.verbatim(d)
		if r.fn != nil {
			f.str(r.staticLocals(d))
		}
		return f
	}
	outer, outerDefs, outerEnds := r.fn.regs, r.fn.defs, r.fn.undefEnds
	r.fn.regs, r.fn.defs, r.fn.undefEnds = nil, nil, nil
	defer func() { r.fn.undefEnds = outerEnds }()
	f := r.each(d, func(c cc.Node) frag {
		if c == cc.Node(d.InitDeclaratorList) {
			return r.initDeclaratorList(d.InitDeclaratorList)
		}
		return r.verbatim(c)
	})
	if r.fn.unreachable {
		// code after a declaration before a switch's first label never
		// runs (and gcc says so): the locals stay unknown objects
		r.fn.regs, r.fn.defs = outer, outerDefs
		return f
	}
	// locals not registered by their initializers nor by a later
	// declarator's are, after the declaration (with declarations of our
	// own, legal wherever it is)
	for _, o := range r.fn.regs {
		f.later(o.late(r.registration(o.registerDeclared(r.depth()))))
	}
	for _, def := range r.fn.defs {
		f.str(r.registration(def))
	}
	for _, name := range r.fn.undefEnds {
		f.str(r.undefEnd(name))
	}
	r.fn.regs = outer
	r.fn.defs = outerDefs
	return f
}

func (r *rewriter) initDeclaratorList(l *cc.InitDeclaratorList) frag {
	// each declarator runs before the next: its checks are facts there
	defer r.avail.pop(len(r.avail.seq))
	return r.each(l, func(c cc.Node) frag {
		switch c {
		case cc.Node(l.InitDeclarator):
			return r.avail.before(func() frag { return r.initDeclarator(l.InitDeclarator) })
		case cc.Node(l.InitDeclaratorList):
			return r.initDeclaratorList(l.InitDeclaratorList)
		}
		return r.verbatim(c)
	})
}

func (r *rewriter) initDeclarator(id *cc.InitDeclarator) frag {
	d := id.Declarator
	in := id.Initializer
	// a local object is registered by its initializer when that is an
	// expression (so the initializer's pointer stores see its meta) but
	// a null pointer constant (which a comma would turn into an int),
	// otherwise after the declaration (impossible in a for statement)
	wrap := d != nil && in != nil && in.Case == cc.InitializerExpr && d.Type() != nil && d.Type().Kind() != cc.Array &&
		!isNullConst(in.AssignmentExpression)
	var o *localObj
	if wrap || !r.fn.forInit {
		o = r.localObject(d)
	}
	// the locals declared before d in the same declaration are registered
	// and their definedness set before d's initializer runs, which may
	// write them (int a, b = set(&a);); a string literal initializing an
	// array cannot be preceded
	var earlier []string
	var earlierObjs []*localObj
	if in != nil && in.Case == cc.InitializerExpr && !r.fn.forInit && d.Type() != nil && d.Type().Kind() != cc.Array {
		earlier, r.fn.defs = r.fn.defs, nil
		earlierObjs, r.fn.regs = r.fn.regs, nil
	}
	precede := func(g frag) frag {
		if len(earlierObjs) == 0 && len(earlier) == 0 {
			return g
		}
		var w frag
		w.str("(")
		for _, o := range earlierObjs {
			w.later(o.late(o.registerDeclared(r.depth()) + ", "))
		}
		for _, c := range earlier {
			w.str(c + ", ")
		}
		if isNullConst(in.AssignmentExpression) {
			// (a comma expression is no null pointer constant)
			w.str("(__typeof__(" + d.Name() + "))(")
			w.cat(g)
			w.str(")")
		} else {
			w.cat(g)
		}
		w.str(")")
		return w
	}
	// definedness: a memory local is poisoned (or defined by its
	// initializer) once declared; a scalar in a register may get a
	// companion origin
	vo, voSite, initDef := "", 0, ""
	switch {
	case o != nil && !r.fn.forInit:
		if def := r.localDef(d, o.site, in != nil); def != "" {
			if src := r.copiedAggregate(d, in); src != "" {
				def = src // a copy of another variable: its definedness too
			}
			switch {
			case r.fn.passedOut[d]:
				// (not poisoned: a callee writes it first, outparams.go)
			case r.initCall(d, in) != "":
				initDef = def // set by the initializer, before the result's
			default:
				r.fn.defs = append(r.fn.defs, def)
			}
			if !landsPast(r.fn.scopes[len(r.fn.scopes)-1].cs, d.Position(), r.fn.gotos) {
				r.fn.undefEnds = append(r.fn.undefEnds, d.Name())
			}
		}
	case o == nil && id.Asm == nil && r.wantsValueOrigin(d, in):
		// (a register variable, `register long r asm("r12");`, holds what
		// its register holds)
		vo = r.newValueOrigin(d)
		voSite = r.site(d, siteLocal)
	}
	f := r.each(id, func(c cc.Node) frag {
		if c == cc.Node(in) && vo != "" {
			code, org := r.copySource(in.AssignmentExpression)
			return precede(r.keepValue(code, func(string) string { return vo + " = " + org }))
		}
		if c == cc.Node(in) {
			g := precede(r.initializer(d, in, initDef))
			if o == nil || !wrap {
				return g
			}
			var w frag
			w.later(o.late("(" + o.register(r.depth()) + ","))
			w.cat(g)
			w.later(o.late(")"))
			return w
		}
		return r.verbatim(c)
	})
	if o != nil && !wrap {
		o.retag = in != nil && in.Case == cc.InitializerInitList && hasPtrs(d.Type(), 0)
		r.fn.regs = append(r.fn.regs, o)
	}
	if vo != "" && in == nil {
		r.fn.defs = append(r.fn.defs, fmt.Sprintf("%s = (__ml_uptr)%s", vo, siteRef(voSite)))
	}
	if id.Initializer != nil && r.hasCompanion(d) && len(r.fn.scopes) != 0 && (r.fn.side != nil || r.fn.threadProvs != nil || len(r.fn.localWords) != 0) {
		cs := r.fn.scopes[len(r.fn.scopes)-1].cs
		switch {
		case landsPast(cs, d.Position(), r.fn.gotos):
			// its companions may be read before its initializer sets them
			r.fn.jumpedPast[r.companion(d)] = true
			r.fn.jumpedPast[r.companionProv(d).word] = true
		case r.readBetweenCalls(d, cs):
			r.fn.inRegisters[r.companion(d)] = true
			r.fn.inRegisters[r.companionProv(d).word] = true
		}
	}
	if d != nil && id.Initializer == nil && id.Asm == nil && r.hasCompanion(d) {
		// an uninitialized pointer local belongs to no object until
		// assigned (unless code we do not see may assign it); a register
		// variable (`register char *sp asm("rsp");`) holds its register's
		// value, which the garbage address would overwrite
		m := r.companion(d)
		if !r.fn.unseenWrites {
			r.fn.uninit[m] = r.uninitMeta(d)
			r.fn.uninitProv[r.companionProv(d).word] = true
			// and holds a garbage address of memlens's own, not what the
			// stack or a register held: its uses go the same way at every
			// -O level (at -O0 the slot is often 0, which a NULL test
			// would hide)
			if !isVaList(d.Type()) { // (va_start sets it; an array to gcc)
				f.str(" = (void *)" + uninitPointer)
			}
		}
	}
	return f
}

// uninitPointer is the value of a pointer local declared without
// initializer: non-canonical, so even a use memlens does not check faults
// (0xfe bytes, as gcc's -ftrivial-auto-var-init=pattern).
const uninitPointer = "0xfefefefefefefefeUL"

// uninitMeta is the initial meta of pointer local d declared without
// initializer: with definedness tracked, the uninit record naming its
// declaration, which reports of its value's uses give as the origin (made
// once, kept in the unit's __ml_uninit_metas); otherwise __ML_UNINIT.
func (r *rewriter) uninitMeta(d *cc.Declarator) string {
	if !r.tracksDef() {
		return metaUninit
	}
	i := r.uninitMetas
	r.uninitMetas++
	return fmt.Sprintf("__ml_uninit_local(&__ml_uninit_metas[%d], %s)", i, siteRef(r.site(d, siteLocal)))
}

// hasCompanion reports whether local d keeps its meta in a companion
// variable: a scalar data pointer with automatic storage whose address is
// never taken.
func (r *rewriter) hasCompanion(d *cc.Declarator) bool {
	return d != nil && r.fn != nil && isDataPtr(d.Type()) && !d.AddressTaken() &&
		!d.IsStatic() && !d.IsExtern() && !d.IsThreadLocal() &&
		d.StorageDuration() == cc.Automatic
}

func (r *rewriter) companion(d *cc.Declarator) string {
	if m, ok := r.fn.comp[d]; ok {
		return m
	}
	if n := len(r.fn.metaWords); n != 0 && !r.fn.hotLocals[d] {
		m := "__ml_t.arg[" + strconv.Itoa(r.fn.metaWords[n-1]) + "]"
		r.fn.metaWords = r.fn.metaWords[:n-1]
		r.fn.comp[d] = m
		r.fn.threadMetas = append(r.fn.threadMetas, m)
		return m
	}
	m := r.name("__ml_p")
	r.fn.comp[d] = m
	r.fn.metas = append(r.fn.metas, m)
	return m
}

// paramProv names the variables of a pointer parameter's provenance: a
// pair for a pending step, or the word alone where steps are made at once,
// and in a function calling setjmp, whose pair the step's making after the
// setjmp would make volatile (setjmpWrites): its step is made at entry,
// and the word alone, written before any setjmp, stays a register.
func (r *rewriter) paramProv() prov {
	cp := prov{"0", ""}
	if !r.eager() && !r.fn.setjmp {
		cp.site = r.name("__ml_ps")
	}
	cp.word = r.name("__ml_pw")
	return cp
}

// isCompanionProv reports whether v is the provenance of a pointer local.
func (r *rewriter) isCompanionProv(v prov) bool {
	for _, c := range r.fn.compProv {
		if c == v {
			return true
		}
	}
	return false
}

// companionProv is the pair of variables holding the provenance of the
// value of pointer local d.
func (r *rewriter) companionProv(d *cc.Declarator) prov {
	if v, ok := r.fn.compProv[d]; ok {
		return v
	}
	var v prov
	if n := len(r.fn.localWords); n != 0 {
		v = argWords(r.fn.localWords[n-1])
		r.fn.localWords = r.fn.localWords[:n-1]
		r.fn.threadProvs = append(r.fn.threadProvs, v)
	} else {
		v = r.provPair()
	}
	r.fn.compProv[d] = v
	return v
}

// initializer rewrites the initializer in of local d; def is the code
// setting d's definedness, which initCall's copy is to follow.
func (r *rewriter) initializer(d *cc.Declarator, in *cc.Initializer, def string) frag {
	if d != nil && d.IsRegister() && isAggregate(d.Type()) {
		// no address to keep its pointers' shadow at: they are looked up
		// by value where they are read (valueMember)
		return r.generic(in)
	}
	if in.Case == cc.InitializerInitList && d != nil && hasPtrs(d.Type(), 0) && !isZeroInit(in) {
		// pointers in a brace initializer get their metas stored beside them
		outer := r.init
		r.init = initTarget{obj: d.Name(), name: d.Name(), layout: sameLayout(d), tag: metaWild}
		defer func() { r.init = outer }()
		return r.generic(in)
	}
	if fn := r.initCall(d, in); fn != "" {
		return r.callInit(d, in, fn, def)
	}
	if in.Case == cc.InitializerExpr && d != nil && hasPtrs(d.Type(), 0) && isAggregate(d.Type()) &&
		d.StorageDuration() == cc.Automatic && !r.fn.forInit && !r.fn.unreachable {
		if isObjectExpr(in.AssignmentExpression) {
			return r.copyInit(d, in.AssignmentExpression)
		}
		if lit, ok := unparen(in.AssignmentExpression).(*cc.PostfixExpression); ok && lit.Case == cc.PostfixExpressionComplit {
			// what a dead frame left on d's shadow goes first
			var f frag
			f.strf("(%s, ", forgetShadow("&"+d.Name()))
			f.cat(r.literalInto(lit, initTarget{obj: d.Name(), name: d.Name(), tag: metaWild}))
			f.str(")")
			return f
		}
		// a value from no object (a library's result): no shadow came
		// with its bytes
		r.fn.defs = append(r.fn.defs, forgetShadow("&"+d.Name()))
	}
	if in.Case != cc.InitializerExpr || d == nil || !isDataPtr(d.Type()) {
		return r.generic(in)
	}
	e := in.AssignmentExpression
	code, meta, pv := r.ptrExpr(e)
	site := r.declSite(d, e)
	var f frag
	// (a local initialized with a pointer is a root of the memory graph)
	root := func(slot, v string) string {
		if !r.c.graph || d.StorageDuration() != cc.Automatic {
			return ""
		}
		return r.graphRootCall(d, d.Name(), d.Type(), slot, v, site)
	}
	if r.hasCompanion(d) {
		set := r.setCompanion(d, meta, pv, site, e)
		if independent(code, meta, pv) && root("0", "0") == "" {
			f.strf("(%s,", set)
			f.cat(code)
			f.str(")")
			return f
		}
		if !r.c.optimizing && root("0", "0") == "" && !d.IsConst() && !d.IsVolatile() {
			// unoptimised, d holds the value while its companions are set,
			// as an assignment's variable does
			f.str("__extension__({ " + d.Name() + " = ")
			f.cat(code)
			f.strf("; %s; %s; })", set, d.Name())
			return f
		}
		return r.keepValue(code, func(v string) string { return set + ";" + root("0", v) })
	}
	tag := metaWild
	if m := r.localMeta(d, false); m != "" {
		tag = m
	}
	return r.keepValue(code, func(v string) string {
		return store("(__ml_uptr)&"+d.Name(), "(__ml_uptr)"+v, meta, tag, site, pv) + ";" + root("&"+d.Name(), v)
	})
}

// store is the call recording the store of pointer v, of meta and
// provenance pv, into slot, reached through a pointer with meta tag, a
// step at site (none if "0"), where no reference is lost: __ml_st_set
// unless pv's step is pending.
func store(slot, v, meta, tag, site string, pv prov) string {
	if pv.pending() {
		return fmt.Sprintf("__ml_st(%s, %s, %s, %s, 0, %s, %s, %s)", slot, v, meta, tag, site, pv.site, pv.word)
	}
	return fmt.Sprintf("__ml_st_set(%s, %s, %s, %s, %s, %s)", slot, v, meta, tag, site, pv.word)
}

// copyInit rewrites the initializer e of struct or union local d, a copy
// of the lvalue e: the pointers inside keep their metas, and each is a
// step of its own, once the declaration is over.
func (r *rewriter) copyInit(d *cc.Declarator, e cc.ExpressionNode) frag {
	src, stag := r.objectPlace(e)
	a, m := r.wordTemp(), r.metaTemp()
	v := r.name("__ml_a")
	var f frag
	f.str("(*__extension__({ register __auto_type " + v + " = ")
	f.cat(src)
	f.strf("; %s = (__ml_uptr)%s; %s = %s; %s; }))", a.word, v, m, stag, v)
	r.fn.defs = append(r.fn.defs, fmt.Sprintf("__ml_copy((void *)&%s, (const void *)%s, sizeof(%s), %s, %s, %s)", d.Name(), a.word, d.Name(), r.localTag(d), m, r.copyDeclSite(d, e)))
	return f
}

// initCall is the function whose result initializes struct or union
// local d (initializer in), when the shadow of the pointers inside and
// the definedness of its bytes follow (resultCopy), else "". (The copy
// is the initializer's: a for statement's declaration has it too.)
func (r *rewriter) initCall(d *cc.Declarator, in *cc.Initializer) string {
	if in == nil || in.Case != cc.InitializerExpr || d == nil || !r.copiesResult(d.Type()) || r.fn.unreachable {
		return ""
	}
	if fn := calledByName(in.AssignmentExpression); fn != "" && r.defined[fn] {
		return fn
	}
	return ""
}

// callInit rewrites the initializer in of local d, a call of fn (initCall):
// d's definedness (def) and the copy from the object fn returned are set
// as soon as the call returns, ahead of the bytes, before another call
// (the next declarator's) reuses fn's frame.
func (r *rewriter) callInit(d *cc.Declarator, in *cc.Initializer, fn, def string) frag {
	v := r.name("__ml_v")
	var f frag
	f.str("__extension__({ __auto_type " + v + " = ")
	f.cat(r.generic(in))
	f.str("; ")
	if def != "" {
		f.str(def + "; ")
	}
	f.strf("%s; %s; })", r.resultCopy("&"+d.Name(), "&"+v, r.localTag(d), fn, r.copyDeclSite(d, in.AssignmentExpression), d.Type()), v)
	return f
}

// localTag is the meta tagging the pointer shadow of local d.
func (r *rewriter) localTag(d *cc.Declarator) string {
	if m := r.localMeta(d, false); m != "" {
		return m
	}
	return metaWild
}

// objParamCopy is the code copying into struct parameter pd (number i)
// the shadow of the pointers inside the object its caller copied it from,
// when the caller said which (the extra parameters of a direct function,
// or __ml_t tagged with the function); passed no object (or past the
// sixteen __ml_t says), the parameter's shadow is cleared.
//
// With the parameter's definedness tracked, its bytes take the object's
// definedness too (the bytes were copied, not used), so a pointer inside
// that the caller never set is an undefined value in the callee.
func (r *rewriter) objParamCopy(pd *cc.Declarator, i int, direct *directFn, tracked bool) string {
	addr, tag, site := objAddrParam(i), objTagParam(i), objSiteParam(i)
	if direct == nil || direct.inThread[i] {
		if i >= threadArgs {
			return forgetShadow("&" + pd.Name())
		}
		n := strconv.Itoa(i)
		addr, tag, site = "__ml_t.argprov["+n+"]", "__ml_t.arg["+n+"]", "__ml_t.argsite["+n+"]"
		if direct == nil {
			addr = "(" + r.ownsArgs() + " ? " + addr + " : 0)"
		}
	}
	p, dtag := pd.Name(), r.localTag(pd)
	// (passed no object, the parameter's bytes have no shadow: what a dead
	// frame left there must go)
	forget := forgetShadow("&" + p)
	if tracked {
		// (a value: its bytes are defined)
		forget = fmt.Sprintf("(%s, __ml_def((__ml_uptr)&%s, sizeof(%s)))", forget, p, p)
	}
	if passedType(pd.Type()) != pd.Type() {
		// a transparent union: its caller passed a member's value, whose
		// provenance word is no object's address
		return forget
	}
	copy := fmt.Sprintf("__ml_copy((void *)&%s, (const void *)%s, sizeof(%s), %s, %s, %s)", p, addr, p, dtag, tag, site)
	if tracked {
		copy = fmt.Sprintf("(%s, __ml_def_copy((__ml_uptr)&%s, (__ml_uptr)%s, sizeof(%s), %s, %s, %s))", copy, p, addr, p, dtag, tag, site)
	}
	return fmt.Sprintf("%s ? %s : %s", addr, copy, forget)
}

// copyDeclSite is the step site of local d's initialization with e, a
// copy of a whole object.
func (r *rewriter) copyDeclSite(d *cc.Declarator, e cc.Node) string {
	site := r.declSite(d, e)
	r.sites[len(r.sites)-1].kind |= siteCopy
	return site
}

// copiesResult reports whether a struct or union of type t that a call
// returns has its pointers' shadow (or, with definedness, the definedness
// of its bytes) copied into the object receiving it (resultCopy).
func (r *rewriter) copiesResult(t cc.Type) bool {
	return isAggregate(t) && (hasPtrs(t, 0) || r.c.full)
}

// resultCopy is the code copying the shadow (and the steps) of the
// pointers inside the struct (of type t) function fn just returned, and
// the definedness of its bytes, into the object at dst (tagged dtag), at
// step site: from the object fn's return statement copied it from, when
// fn said so (its frame is dead, but the shadows of its bytes are still
// there, until the next call reuses the frame). The bytes are at vals,
// when they are not at dst yet ("": they are).
func (r *rewriter) resultCopy(dst, vals, dtag, fn, site string, t cc.Type) string {
	var copies []string
	if hasPtrs(t, 0) {
		copies = append(copies, resultShadow(dst, vals, dtag, site))
	}
	if r.tracksDef() {
		copies = append(copies, resultDef(dst, dtag, site))
	}
	if len(copies) == 0 {
		return "(void)0"
	}
	if hasPtrs(t, 0) {
		return fromResult(fn, strings.Join(copies, ", "), dst)
	}
	return fromResult(fn, strings.Join(copies, ", "), "")
}

// resultTemp is the code giving the temporary at dst, which holds the
// struct holding pointers fn just returned and is passed on as an object,
// the pointers' shadow of the object fn's return statement copied it from
// and, with definedness, that object's definedness; from no object, its
// shadow is cleared and its bytes are values. (The callee copies both from
// the temporary into its parameter: a dead frame's bits on the
// temporary's bytes would be taken for the argument's.)
func (r *rewriter) resultTemp(dst, fn, site string) string {
	copies := resultShadow(dst, "", metaWild, site)
	if !r.c.full {
		return fromResult(fn, copies, dst)
	}
	return fmt.Sprintf("__ml_t.retobjfn == (__ml_uptr)%s ? (%s, %s) : (%s, __ml_def((__ml_uptr)%s, sizeof(*%s)))", fn, copies, resultDef(dst, metaWild, site), forgetShadow(dst), dst, dst)
}

// resultDef is the copy of the definedness of the object a struct result
// was copied from into the object at dst (tagged dtag).
func resultDef(dst, dtag, site string) string {
	return fmt.Sprintf("__ml_def_copy((__ml_uptr)%s, __ml_t.retobj, sizeof(*%s), %s, __ml_t.retobjtag, %s)", dst, dst, dtag, site)
}

// resultShadow is resultCopy's copy of the pointers' shadow.
func resultShadow(dst, vals, dtag, site string) string {
	if vals != "" {
		return shadowAhead(dst, "__ml_t.retobj", vals, dtag, "__ml_t.retobjtag", site)
	}
	return fmt.Sprintf("__ml_copy((void *)%s, (const void *)__ml_t.retobj, sizeof(*%s), %s, __ml_t.retobjtag, %s)", dst, dst, dtag, site)
}

// shadowAhead is the copy of the pointer shadow of the object at src into
// dst, which is about to hold the bytes at vals (not src's: a dead frame's
// bytes die with the next call, of the runtime's too).
func shadowAhead(dst, src, vals, dtag, stag, site string) string {
	return fmt.Sprintf("__ml_copy_shadow_ahead((void *)%s, (const void *)%s, (const void *)%s, sizeof(*%s), %s, %s, %s)", dst, src, vals, dst, dtag, stag, site)
}

// fromResult is copies (from the object a struct result was copied from)
// when fn said which; else, with dst not "", the pointer shadow of the
// object at dst is cleared: it came with no bytes fn returned.
func fromResult(fn, copies, dst string) string {
	otherwise := "(void)0"
	if dst != "" {
		otherwise = forgetShadow(dst)
	}
	return fmt.Sprintf("__ml_t.retobjfn == (__ml_uptr)%s ? (%s) : %s", fn, copies, otherwise)
}

// forgetShadow is the code clearing the pointer shadow of the object at
// dst, about to hold (or holding) a struct from no object whose shadow
// memlens saw written: what an earlier value left there (a dead frame's,
// a freed block's pointer of the same value) must not vouch for it.
func forgetShadow(dst string) string {
	return fmt.Sprintf("__ml_forget_shadow(%s, sizeof(*%s))", dst, dst)
}

// calledByName is the name of the function e calls directly (under
// parentheses and casts), or "".
func calledByName(e cc.ExpressionNode) string {
	for {
		switch x := unparen(e).(type) {
		case *cc.CastExpression:
			if x.Case != cc.CastExpressionCast {
				return ""
			}
			e = x.CastExpression
			continue
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionCall {
				return calleeName(x)
			}
		}
		return ""
	}
}

// isAggregate reports whether t is a struct or union type.
func isAggregate(t cc.Type) bool {
	return t != nil && (t.Kind() == cc.Struct || t.Kind() == cc.Union)
}

// initTarget is the object a brace initializer being rewritten
// initializes ("" obj: none).
type initTarget struct {
	obj    string
	name   string // what reports call obj
	layout string // true when cc lays obj out as gcc does
	tag    string // the meta tagging obj's shadow
	off    int64  // the offset in obj of the compound literal whose initializer is rewritten
}

// initElem rewrites one element of a brace initializer of object
// r.init.obj: a pointer element stores its meta in the object's shadow.
func (r *rewriter) initElem(in *cc.Initializer) frag {
	if r.init.obj != "" && in.Case == cc.InitializerExpr && isAggregate(in.Type()) && hasPtrs(in.Type(), 0) {
		return r.initObjElem(in)
	}
	if r.init.obj == "" || in.Case != cc.InitializerExpr || !isDataPtr(in.Type()) {
		return r.generic(in)
	}
	code, meta, pv := r.ptrExpr(in.AssignmentExpression)
	if meta == metaWild {
		return code
	}
	i := r.site(in.AssignmentExpression, siteLoss)
	r.sites[i].expr = elemAsWritten(r.sites[i].expr, r.sites[i].text, r.sites[i].col)
	r.sites[i].to = r.init.name
	// (cc's offsets know no packing: where gcc's size of the object
	// differs, the element's meta is not kept and is found by its value)
	return r.keepValue(code, func(v string) string {
		st := store("(__ml_uptr)("+r.initPlace(in)+")", "(__ml_uptr)"+v, meta, r.init.tag, siteRef(i), pv)
		if r.c.full {
			// an object being made holds no reference yet: the slot's
			// shadow may still vouch for a dead frame's pointer there,
			// which the store would drop (QuickJS's JS_MKPTR results)
			st = fmt.Sprintf("(__ml_forget_shadow((const void *)(%s), sizeof(void *)), %s)", r.initPlace(in), st)
		}
		return fmt.Sprintf("(%s ? %s : (void)0)", r.init.layout, st)
	})
}

// initObjElem rewrites an element of a brace initializer of object
// r.init.obj that is a struct or union holding pointers, a call's result
// or a copy of an object: the shadow of the pointers inside is copied to
// the element's place as soon as the element is evaluated, ahead of its
// bytes (a call's from the object its callee returned, before another
// call reuses the callee's frame), tagged as initElem's stores are.
func (r *rewriter) initObjElem(in *cc.Initializer) frag {
	e := in.AssignmentExpression
	if isCompoundLiteral(unparen(e)) {
		// its elements are r.init.obj's, further in
		r.init.off += in.Offset()
		defer func() { r.init.off -= in.Offset() }()
		return r.generic(in)
	}
	fn := calledByName(e)
	if !r.defined[fn] {
		fn = ""
	}
	if fn == "" && !isObjectExpr(e) {
		// from no object: no shadow comes with the bytes (forgetShadow)
		var f frag
		f.strf("__extension__({ (%s ? __ml_forget_shadow(%s, %d) : (void)0); ", r.init.layout, r.initPlace(in), in.Type().Size())
		f.cat(r.generic(in))
		f.str("; })")
		return f
	}
	i := r.site(e, siteLoss)
	r.sites[i].expr = elemAsWritten(r.sites[i].expr, r.sites[i].text, r.sites[i].col)
	r.sites[i].to = r.init.name
	r.sites[i].kind |= siteCopy
	v := r.name("__ml_a")
	var f frag
	if fn == "" {
		src, stag := r.objectPlace(e)
		dst := fmt.Sprintf("(__typeof__(*%s) *)(%s)", v, r.initPlace(in))
		f.str("(*__extension__({ register __auto_type " + v + " = ")
		f.cat(src)
		f.strf("; (%s ? %s : (void)0); %s; }))", r.init.layout, shadowAhead(dst, v, v, r.init.tag, stag, siteRef(i)), v)
		return f
	}
	dst := fmt.Sprintf("(__typeof__(%s) *)(%s)", v, r.initPlace(in))
	f.str("__extension__({ __auto_type " + v + " = ")
	f.cat(r.generic(in))
	f.strf("; (%s ? %s : (void)0); %s; })", r.init.layout, fromResult(fn, resultShadow(dst, "&"+v, r.init.tag, siteRef(i)), dst), v)
	return f
}

// initPlace is the address of element in of r.init.obj's initializer.
func (r *rewriter) initPlace(in *cc.Initializer) string {
	return fmt.Sprintf("(char *)&%s + %d", r.init.obj, r.init.off+in.Offset())
}

// isZeroInit reports whether in is the universal zero initializer {0}: it
// stores no pointer worth a meta, and gcc exempts it, as written, from
// -Wmissing-field-initializers.
func isZeroInit(in *cc.Initializer) bool {
	l := in.InitializerList
	if l == nil || l.InitializerList != nil || l.Designation != nil || l.Initializer.Case != cc.InitializerExpr {
		return false
	}
	p, ok := l.Initializer.AssignmentExpression.(*cc.PrimaryExpression)
	return ok && p.Case == cc.PrimaryExpressionInt && p.Token.SrcStr() == "0"
}

// sameLayout is a constant expression true when gcc's size of object d
// (of one element, for an array, whose length the initializer may set) is
// cc's: cc knows no packing, and its offsets hold only then.
func sameLayout(d *cc.Declarator) string {
	t, obj := d.Type(), d.Name()
	for t.Kind() == cc.Array {
		t, obj = t.(*cc.ArrayType).Elem(), obj+"[0]"
	}
	return fmt.Sprintf("sizeof %s == %d", obj, t.Size())
}

func isStaticOrExtern(ds *cc.DeclarationSpecifiers) bool {
	for l := ds; l != nil; l = l.DeclarationSpecifiers {
		if sc := l.StorageClassSpecifier; sc != nil {
			switch sc.Case {
			case cc.StorageClassSpecifierStatic, cc.StorageClassSpecifierExtern, cc.StorageClassSpecifierTypedef:
				return true
			}
		}
	}
	return false
}

// leave is the code popping the function's frame (a leaf has none) and
// its side frame.
func (r *rewriter) leave() string {
	pop := ""
	if r.fn.side != nil {
		pop = r.fn.side.pop + "; "
	}
	if r.fn.leaf {
		return pop
	}
	if r.fn.allocas {
		return "__ml_alloca_end(" + r.depth() + "); " + pop + "__ml_leave(" + r.depth() + ");"
	}
	return pop + "__ml_leave(" + r.depth() + ");"
}

// containsCall reports whether n contains a call that needs the caller's
// frame: one the rewrite makes visible to the runtime (anything but gcc
// builtins) that returns. A call of a function that never returns pushes
// a frame of its own, so functions that call only those (reporting an
// error and exiting, assert's) need none.
func (r *rewriter) containsCall(n cc.Node) bool { return r.callsBeyond(n, nil) }

// leafCalls are the functions a function may call and still be a leaf,
// optimising in detection mode: the typestate header's transitions and
// pck_put, which only hand their puts to the runtime (callAtSite gives
// each call a frame of its own). An allocator's make-free and make-used
// functions are then inlined helpers, as in the build without typestates,
// and their callers keep their words in registers (sideFrame).
func (r *rewriter) leafCalls() map[string]bool {
	if !r.c.optimizing || r.c.full || r.c.every || r.c.graph {
		return nil
	}
	return r.pckNoGrants
}

// callsNoreturn reports whether n calls a function that never returns by
// name: a call gcc sees (containsCall leaves it out).
func (r *rewriter) callsNoreturn(n cc.Node) bool {
	return AnyNode(n, func(n cc.Node) bool {
		x, ok := n.(*cc.PostfixExpression)
		return ok && x.Case == cc.PostfixExpressionCall && r.noreturn[calleeName(x)] && r.isCalledByName(x)
	})
}

// callsBeyond is containsCall where calls by name of the functions in
// except do not count.
func (r *rewriter) callsBeyond(n cc.Node, except map[string]bool) bool {
	if s, ok := n.(*cc.ExpressionStatement); ok && s.ExpressionList != nil {
		if x, fixed := r.inlineCopyStatement(s); fixed != nil {
			return r.callsBeyond(x.ArgumentExpressionList, except)
		}
	}
	if r.callBeyond(n, except) {
		return true
	}
	for _, c := range r.children(n) {
		if c.node != nil && r.callsBeyond(c.node, except) {
			return true
		}
	}
	return false
}

// callBeyond reports whether n is a call callsBeyond counts.
func (r *rewriter) callBeyond(n cc.Node, except map[string]bool) bool {
	x, ok := n.(*cc.PostfixExpression)
	if !ok || x.Case != cc.PostfixExpressionCall {
		return false
	}
	name := calleeName(x)
	switch {
	case except[name] && r.isCalledByName(x):
	case name == vaArgMarker, name == vaCopyMarker:
	case allocas[name]:
		return true // (its blocks end with the frame)
	case setjmps[name]:
		return true // (a longjmp back restores the frame's depth: __builtin_setjmp's too)
	case strings.HasPrefix(name, "__builtin_") && !wrapped[strings.TrimPrefix(name, "__builtin_")],
		strings.HasPrefix(name, "__sync_"), strings.HasPrefix(name, "__atomic_"), r.isLibmScalar(x):
	case (r.noreturn[name] || except[name]) && r.isCalledByName(x):
	default:
		return true
	}
	return false
}

// jump rewrites return statements so the shadow stack is popped and a
// returned pointer's meta reaches the caller.
func (r *rewriter) jump(j *cc.JumpStatement) frag {
	if r.fn == nil {
		return r.generic(j)
	}
	if j.Case != cc.JumpStatementReturn {
		// a jump out of blocks: their pointer locals leave scope here
		exited := r.exitedScopes(j)
		drops := r.scopeDrops(exited, j.Token)
		left := r.scopesLeft(exited, j.Token, cc.NodeSource(j))
		if drops == "" && left == nil {
			return r.generic(j)
		}
		var f frag
		f.str("{" + drops)
		if left != nil {
			f.later(left)
		}
		f.cat(r.generic(j))
		f.str("}")
		return f
	}
	var f frag
	e := j.ExpressionList
	semi := j.Token2 // return expr? ';'
	xs, xsite := r.exitSite(j.Token, cc.NodeSource(j), e != nil && r.fn.retPtr)
	switch {
	case e == nil:
		f.str("{" + xs + r.leave())
		f.tok(j.Token)
		f.tok(semi)
		f.str("}")
	case r.fn.retVoid:
		f.str("{ (void)(")
		f.cat(r.expr(e))
		f.str("); " + xs + r.leave())
		f.tok(j.Token)
		f.tok(semi)
		f.str("}")
	case r.fn.retPtr:
		code, meta, pv := r.ptrExpr(e)
		r.notePassThrough(j, e, xsite, pv)
		stepSite := xsite // the return's step, as the caller receives it
		if steps, ok := r.returnSteps(e, xsite, pv); ok {
			stepSite, pv = steps, prov{"0", pv.word}
		}
		r.noteSoleReturn(j, stepSite, pv)
		if len(r.fn.objs) == 0 && !r.stepsTwice(stepSite, pv) && r.exitsByValue(e, xs) {
			f.str("{")
			f.tok(j.Token)
			f.cat(r.exitValue(e, code, "__ml_return_at("+r.retWords(r.selfWord(), meta, stepSite, pv)+", "))
			f.tok(semi)
			f.str("}")
			break
		}
		if r.returnsAfterExit(code) {
			f.str("{ " + r.setret(meta, stepSite, pv) + "; " + xs + r.leave())
			f.tok(j.Token)
			f.cat(code)
			f.tok(semi)
			f.str("}")
			break
		}
		v := r.name("__ml_r")
		f.str("{ register __auto_type " + v + " = ")
		f.cat(initializer(e, code))
		f.str(";")
		if len(r.fn.objs) != 0 {
			// gcc replaces a returned address of a local it can see with
			// NULL: the caller's use of it would be a NULL-POINTER-DEREF
			// instead of the USE-AFTER-RETURN it is
			f.strf(" __asm__(\"\" : \"+r\"(%s));", v)
		}
		// the return statement's step stays pending in the caller's
		// temporaries
		if r.c.full { // the block is named as the function's result
			m := r.name("__ml_rm")
			out := ""
			if r.returnsOut(r.fn.name) {
				out = " " + r.returnedOut(v, m, xsite)
			}
			f.strf(" register __ml_meta_t %s = %s; %s; %s __ml_name(%s, %s);%s%s", m, meta, r.setret(m, stepSite, pv), xs+r.leave(), m, xsite, r.handOver(e, meta, m), out)
		} else {
			f.strf(" %s; %s", r.setret(meta, stepSite, pv), xs+r.leave())
		}
		f.tok(j.Token)
		f.str(v)
		f.tok(semi)
		f.str("}")
	case r.fn.retAgg:
		// the caller copies the shadow of the pointers inside (and the
		// definedness of the bytes) from the object returned, which
		// outlives the frame (resultCopy)
		inner := unparen(e)
		if l, ok := inner.(*cc.ExpressionList); ok && l.ExpressionList == nil {
			inner = unparen(l.AssignmentExpression)
		}
		if c, ok := inner.(*cc.CastExpression); ok && c.Case == cc.CastExpressionCast && isAggregate(c.Type()) {
			// GNU C's cast to the struct's own type (QuickJS's
			// `return (JSValue)v;`) copies the object
			inner = unparen(c.CastExpression)
		}
		v := r.name("__ml_r")
		switch fn := calledByName(inner); {
		case isObjectExpr(inner):
			place, tag := r.objectPlace(inner)
			f.str("{ register __auto_type " + v + " = ")
			f.cat(place)
			f.strf("; __ml_t.retobj = (__ml_uptr)%s; __ml_t.retobjtag = %s; __ml_t.retobjfn = (__ml_uptr)%s;", v, tag, r.fn.name)
			if o := r.fn.objs[declOfExpr(inner)]; o != nil {
				// a local registered is retired as the function
				// returns, which releases the pointers it holds: the
				// caller gets a copy
				f.later(o.late(r.returnedCopy(v, tag, r.copySite(j, nil))))
			}
		case isCompoundLiteral(inner):
			// made in an object of our own: its pointers' shadow is
			// stored as for a brace initializer
			rv := r.name("__ml_rv")
			f.str("{ ")
			f.cat(r.compoundObject(inner.(*cc.PostfixExpression), rv))
			f.strf("; register __auto_type %s = &%s; __ml_t.retobj = (__ml_uptr)%s; __ml_t.retobjtag = %s; __ml_t.retobjfn = (__ml_uptr)%s;", v, rv, v, metaWild, r.fn.name)
		case fn != "" && r.defined[fn]:
			// the object the callee returned is ours to return
			f.str("{ register __auto_type " + v + " = ")
			f.cat(initializer(e, r.expr(e)))
			f.strf("; __ml_t.retobjfn = __ml_t.retobjfn == (__ml_uptr)%s ? (__ml_uptr)%s : 0;", fn, r.fn.name)
		default:
			f.str("{ register __auto_type " + v + " = ")
			f.cat(initializer(e, r.expr(e)))
			f.str("; __ml_t.retobjfn = 0;")
		}
		f.str(" " + xs + r.leave())
		f.tok(j.Token)
		if isObjectExpr(inner) || isCompoundLiteral(inner) {
			f.str("*")
		}
		f.str(v)
		f.tok(semi)
		f.str("}")
	case r.fn.retOrigin:
		f.cat(r.originReturn(j, e, xs))
	default:
		code := r.expr(e)
		if plain(code) || r.fn.leaf && r.fn.side == nil { // (a side frame's words are read before its pop)
			var exit frag
			exit.str(xs + r.leave())
			f.cat(exitReturn(j, code, exit))
			break
		}
		if !r.fn.leaf && r.exitsByValue(e, xs) { // (a leaf's pop is no call)
			f.str("{")
			f.tok(j.Token)
			f.cat(r.exitValue(e, code, "__ml_exit_at("))
			f.tok(semi)
			f.str("}")
			break
		}
		var exit frag
		exit.str(xs + r.leave())
		f.cat(r.heldReturn(j, e, code, exit))
	}
	return f
}

// exitReturn is return statement j of code (rewritten) evaluated after
// exit, the code leaving the function, which cannot change its value.
func exitReturn(j *cc.JumpStatement, code, exit frag) frag {
	var f frag
	f.str("{")
	f.cat(exit)
	f.tok(j.Token)
	f.cat(code)
	f.tok(j.Token2)
	f.str("}")
	return f
}

// heldReturn is return statement j of e (rewritten: code) with its value
// held in a register variable across exit, the code leaving the function.
func (r *rewriter) heldReturn(j *cc.JumpStatement, e cc.ExpressionNode, code, exit frag) frag {
	v := r.name("__ml_r")
	var held, value frag
	held.str("register __auto_type " + v + " = ")
	if r.noAddress(unparen(e)) {
		held.cat(r.autoInit(e, code))
	} else {
		held.cat(initializer(e, code))
	}
	held.str("; ")
	held.cat(exit)
	value.str(v)
	return exitReturn(j, value, held)
}

// returnsAfterExit reports whether a pointer return of code (rewritten)
// is evaluated after the exit's calls (its handover and the side frame's
// pop) instead of held across them in a register variable, which gcc -O0
// keeps in a callee-saved register: unoptimised, for the program's own
// text (plain), which reads none of memlens's words, with no local of the
// function's registered (whose address gcc must not see returned).
func (r *rewriter) returnsAfterExit(code frag) bool {
	return !r.c.optimizing && !r.c.full && len(r.fn.objs) == 0 && plain(code)
}

// exitsByValue reports whether a return statement of e leaves through
// exitValue: unoptimised, where gcc gives a variable holding the value
// across __ml_setret's and __ml_leave's calls a callee-saved register, for
// e of an integer or pointer type (its value goes through the helper as a
// word and is cast back to that type, so the return converts it as
// before) whose text types in a __typeof__, at an exit doing nothing else
// (xs: its scopes' ends).
func (r *rewriter) exitsByValue(e cc.ExpressionNode, xs string) bool {
	t := e.Type()
	return !r.c.optimizing && r.c.order.argsRightToLeft && !r.c.full && xs == "" && !r.fn.allocas &&
		t != nil && t.Size() <= 8 && (cc.IsIntegerType(t) || t.Kind() == cc.Ptr) && !variablyModified(t) && !r.noAddress(e) &&
		r.typesAsWritten(e)
}

// typesAsWritten reports whether a copy of e's text in a __typeof__ types:
// not with a statement expression (its labels would be duplicated) or a
// call of a direct function (the call as written lacks its extra
// arguments).
func (r *rewriter) typesAsWritten(e cc.ExpressionNode) bool {
	return !AnyNode(e, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.PrimaryExpression:
			return x.Case == cc.PrimaryExpressionStmt
		case *cc.PostfixExpression:
			return x.Case == cc.PostfixExpressionCall && r.direct[calleeName(x)] != nil
		}
		return false
	})
}

// exitValue is e's value (code rewritten) passed last to one call of an
// exit's helper (call: its name and the arguments before), which pops the
// side frame, puts the depth back and returns it: gcc -O0 evaluates the
// last argument first, before the side words the others read.
func (r *rewriter) exitValue(e cc.ExpressionNode, code frag, call string) frag {
	words, depth := "0", r.depth()
	if r.fn.side != nil {
		words = r.fn.side.count
	}
	if r.fn.leaf {
		depth = "__ml_t.depth"
	}
	var f frag
	f.str("((__typeof__(")
	if e.Type().Kind() == cc.Ptr { // (an array's text decays in a conditional)
		f.str("0 ? (")
		f.cat(r.verbatim(e))
		f.str(") : (")
		f.cat(r.verbatim(e))
		f.str(")")
	} else {
		f.cat(r.verbatim(e))
	}
	f.strf("))%s(__ml_uptr)%s << 32 | %s, (__ml_uptr)(", call, words, depth)
	f.cat(code)
	f.str(")))")
	return f
}

// initializer is code, the rewritten e, as a declaration's initializer: a
// comma expression (return f(), g();) in parentheses, or its operands
// would be declarators (mir's lacc/bitfield-types-init.c).
func initializer(e cc.ExpressionNode, code frag) frag {
	if l, ok := e.(*cc.ExpressionList); !ok || l.ExpressionList == nil {
		return code
	}
	var f frag
	f.str("(")
	f.cat(code)
	f.str(")")
	return f
}

// compoundObject is the declaration of object rv made as compound literal
// lit, its pointers' metas stored as for a brace initializer.
func (r *rewriter) compoundObject(lit *cc.PostfixExpression, rv string) frag {
	var f frag
	f.cat(r.verbatim(lit.TypeName))
	f.str(" " + rv + " = ")
	f.cat(r.literalInit(lit, initTarget{obj: rv, name: rv, tag: metaWild}))
	if r.tracksDef() {
		// (its declaration is ours: nothing else says it was written)
		f.strf("; __ml_def((__ml_uptr)&%s, sizeof(%s))", rv, rv)
	}
	return f
}

// literalInto is compound literal lit, about to be copied into object
// t.obj of its type, its pointers' metas stored in t.obj's shadow as for a
// brace initializer of t.obj, ahead of the bytes, and counted as
// references t.obj holds (found by value instead, no reference counted
// them: QuickJS's sp[-2] = JS_MKPTR(tag, r) lost r's block as r left
// scope).
func (r *rewriter) literalInto(lit *cc.PostfixExpression, t initTarget) frag {
	var f frag
	f.tok(lit.Token)
	f.cat(r.verbatim(lit.TypeName))
	f.tok(lit.Token2)
	f.cat(r.literalInit(lit, t))
	return f
}

// literalInit is the brace initializer of compound literal lit made in (or
// copied into) object t.obj, its pointers' metas stored in t.obj's shadow.
func (r *rewriter) literalInit(lit *cc.PostfixExpression, t initTarget) frag {
	outer := r.init
	t.layout = fmt.Sprintf("sizeof %s == %d", t.obj, lit.Type().Size())
	r.init = t
	defer func() { r.init = outer }()
	var f frag
	f.tok(lit.Token3)
	if lit.InitializerList != nil {
		f.cat(r.generic(lit.InitializerList))
	}
	f.tok(lit.Token4)
	f.tok(lit.Token5)
	return f
}

// returnedCopy is the code copying the struct at v (whose shadow is tagged
// tag) into an object of our own, with its pointers' shadow and its
// bytes' definedness (a step at site), and making it the object returned.
func (r *rewriter) returnedCopy(v, tag, site string) string {
	rv := r.name("__ml_rv")
	c := fmt.Sprintf(" __typeof__(*%s) %s = *%s; __ml_copy((void *)&%s, (const void *)%s, sizeof(%s), %s, %s, %s);", v, rv, v, rv, v, rv, metaWild, tag, site)
	if r.tracksDef() {
		c += fmt.Sprintf(" __ml_def_copy((__ml_uptr)&%s, (__ml_uptr)%s, sizeof(%s), %s, %s, %s);", rv, v, rv, metaWild, tag, site)
	}
	return c + fmt.Sprintf(" %s = &%s; __ml_t.retobj = (__ml_uptr)%s; __ml_t.retobjtag = %s;", v, rv, v, metaWild)
}

// isCompoundLiteral reports whether n is a compound literal.
func isCompoundLiteral(n cc.ExpressionNode) bool {
	x, ok := n.(*cc.PostfixExpression)
	return ok && x.Case == cc.PostfixExpressionComplit
}

// plain reports whether f is unchanged user code (no instrumentation).
func plain(f frag) bool {
	generated := false
	f.each(func(p piece) { generated = generated || p.text != "" || p.late != nil })
	return !generated
}

// isDataPtr reports whether t is a pointer to an object (function pointers
// are never dereferenced as data, so they carry no meta).
func isDataPtr(t cc.Type) bool {
	if t == nil || t.Kind() != cc.Ptr {
		return false
	}
	pt, ok := t.(*cc.PointerType)
	return ok && pt.Elem() != nil && pt.Elem().Kind() != cc.Function
}

// unslotted lists the functions whose word cannot come from a slot
// (calleeSlot): those declared with an asm label (`int stat(...)
// __asm__("stat64")`), whose symbol is not their name, and static ones,
// which gcc emits (under that name) only if C code takes their address
// (one the unit leaves as it is, rewriter.alone, may have no prototype).
func unslotted(decls []*cc.ExternalDeclaration) map[string]bool {
	names := map[string]bool{}
	for _, ed := range decls {
		if fd := ed.FunctionDefinition; fd != nil && fd.Declarator.Linkage() == cc.Internal {
			names[fd.Declarator.Name()] = true
		}
		Inspect(ed, func(n cc.Node) bool {
			if d, ok := n.(*cc.InitDeclarator); ok && d.Declarator != nil && (d.Asm != nil || d.Declarator.Linkage() == cc.Internal) {
				names[d.Declarator.Name()] = true
			}
			return true
		})
	}
	return names
}
