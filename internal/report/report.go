// Package report defines the JSON Lines error records the memlens runtime
// writes (MEMLENS_OPTIONS=log_json=PATH): one JSON object per line, one line
// per reported error. It is the stable contract between the runtime and every
// Go front end: later issues add fields, they never rename or remove one.
//
// A record looks like this (on one line):
//
//	{"kind":"HEAP-BUFFER-OVERFLOW","message":"write of 4 bytes at ...",
//	 "file":"prog.c","line":12,"column":9,"function":"fill",
//	 "access":"write","size":4,"address":"0x602000000044","expr":"a[i]",
//	 "thread":0,"pid":4242,
//	 "stack":[{"function":"fill","file":"prog.c","line":12,"column":9},
//	          {"function":"main","file":"prog.c","line":30,"column":2}],
//	 "block":{"id":3,"size":40,"offset":40,"kind":"heap",
//	          "alloc":{"file":"prog.c","line":25,"function":"main","thread":0,"stack":[...]},
//	          "free":{...}}}
//
// "block" is absent when the access is not through a known block (a NULL
// dereference), "free" when the block is live. "chains" (Record.Chains) holds
// the value propagation chains of the pointers involved.
package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
)

// Access kinds of Record.Access.
const (
	AccessRead    = "read"
	AccessWrite   = "write"
	AccessFree    = "free"
	AccessRealloc = "realloc"
	AccessUse     = "use"  // UNINITIALIZED-READ: a value was used
	AccessLeak    = "leak" // MEMORY-LEAK: blocks the program lost
	// fatal signals (Record.Signal): the faulting instruction
	AccessArithmetic  = "arithmetic" // ARITHMETIC-ERROR (SIGFPE)
	AccessExecute     = "execute"    // ILLEGAL-INSTRUCTION (SIGILL), a jump to a bad address
	AccessReadOrWrite = "access"     // a general protection fault: which of the two is not known
)

// Frame is one entry of a call stack, innermost first.
type Frame struct {
	Function string `json:"function"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
}

// Event is where and by which thread a block was allocated or freed.
type Event struct {
	File     string  `json:"file"`
	Line     int     `json:"line"`
	Function string  `json:"function"`
	Thread   int     `json:"thread"`
	Stack    []Frame `json:"stack"`
	// A free: realloc freed the block (moving it).
	ByRealloc bool `json:"by_realloc,omitempty"`
}

// ThreadStart is where a thread the report involves was created: by
// Created.Thread, at Created's stack. Created is nil for a thread that
// instrumented code did not start.
type ThreadStart struct {
	Thread  int    `json:"thread"`
	Created *Event `json:"created,omitempty"`
}

// Caller is the code built without memlens that called free or realloc:
// the return address, and what dladdr knows of it ("" and "0x0" if
// nothing).
type Caller struct {
	PC     string `json:"pc"`     // hexadecimal
	Symbol string `json:"symbol"` // the function containing PC
	Offset string `json:"offset"` // PC minus Symbol's address, hexadecimal
	Object string `json:"object"` // the path of the object containing PC
}

// Block describes the object the faulting pointer was derived from.
type Block struct {
	ID     uint64 `json:"id"`             // block id shown to users, never reused
	Size   uint64 `json:"size"`           // bytes requested at allocation
	Offset int64  `json:"offset"`         // access address minus the block's base; negative for underflows
	Kind   string `json:"kind"`           // "heap", "global" (a file-scope or static variable), "stack" (a local) or "literal" (a string literal)
	Name   string `json:"name,omitempty"` // the variable, for "global" and "stack"; the literal's source text
	// ReadOnly marks a string literal or a const variable.
	ReadOnly bool   `json:"readonly,omitempty"`
	Alloc    *Event `json:"alloc,omitempty"` // for a variable: its declaration
	Free     *Event `json:"free,omitempty"`  // absent while the block is live, and for locals
	// A heap block's names (full checking; a MEMORY-LEAK record has them
	// as Record.Names).
	Names     []Name `json:"names,omitempty"`
	NamesMore bool   `json:"names_more,omitempty"`
}

// Origin is where the undefined bytes of an UNINITIALIZED-READ came from:
// a heap allocation or the declaration of a local without initializer,
// followed through copies.
type Origin struct {
	Kind  string `json:"kind"`  // "heap" or "stack"
	Name  string `json:"name"`  // the local; "" for heap
	ID    uint64 `json:"id"`    // the heap block's id (0 for a local that was no object)
	Size  uint64 `json:"size"`  // its size
	Alloc *Event `json:"alloc"` // where it was allocated, or the local declared
}

// Array is the named array an index check compared against.
type Array struct {
	Name     string `json:"name"`      // the variable, or the member
	Owner    string `json:"owner"`     // for a member: its struct type, e.g. "struct user"
	Type     string `json:"type"`      // as C declares it, e.g. "int[8]"
	Length   uint64 `json:"length"`    // elements
	Index    int64  `json:"index"`     // the index used
	ElemSize uint64 `json:"elem_size"` // bytes per element
	Decl     struct {
		File string `json:"file"`
		Line int    `json:"line"`
	} `json:"decl"` // where the array is declared
}

// Record is one reported error: one line of the JSON Lines log.
type Record struct {
	Kind     string  `json:"kind"` // e.g. HEAP-BUFFER-OVERFLOW
	Message  string  `json:"message"`
	File     string  `json:"file"` // path as the compiler was given it
	Line     int     `json:"line"`
	Column   int     `json:"column"`
	Function string  `json:"function"`
	Access   string  `json:"access"`  // one of the Access* constants
	Size     uint64  `json:"size"`    // bytes accessed; for a leak, bytes lost
	Address  string  `json:"address"` // hexadecimal, e.g. "0x602000000044"
	Expr     string  `json:"expr"`    // source text of the faulting expression
	Thread   int     `json:"thread"`  // memlens thread number, 0 = main
	Pid      int     `json:"pid"`
	Stack    []Frame `json:"stack"`
	// Sentences the message ends with in parentheses, which the text
	// puts on lines of their own: "realloc of a freed pointer".
	Notes []string `json:"notes,omitempty"`
	// A free or realloc called from code built without memlens.
	Caller *Caller `json:"caller,omitempty"`
	// The threads other than T0 the report involves (the reporting
	// thread, then the block's allocating and freeing ones), each once.
	Threads []ThreadStart `json:"threads,omitempty"`
	Block   *Block        `json:"block,omitempty"`
	Array   *Array        `json:"array,omitempty"`  // index checks: STACK-, GLOBAL-BUFFER-OVERFLOW, INTRA-OBJECT-OVERFLOW
	Origin  *Origin       `json:"origin,omitempty"` // UNINITIALIZED-READ, when known
	// Value propagation chains (paper 000's bug locators), each newest
	// first: Chains[0] for the pointer (or value) the report is about,
	// Chains[1] for the pointer that freed the block (DOUBLE-FREE,
	// DANGLING-POINTER-DEREF). Absent with explain=0.
	Chains [][]Step `json:"chains,omitempty"`
	// What each chain is about, as the text titles it: "the pointer
	// dereferenced here", "the pointer that freed the block" (Chains[0]
	// when the pointer the report is about has no chain).
	ChainTitles []string `json:"chain_titles,omitempty"`

	// MEMORY-LEAK: one loss record, the blocks of one category with one
	// allocation stack; File, Line and Stack are where they were allocated.
	Leak   string `json:"leak,omitempty"`   // LeakDefinite, LeakIndirect or LeakPossible
	When   string `json:"when,omitempty"`   // WhenExit, WhenRun or WhenCheck
	Check  string `json:"check,omitempty"`  // WhenCheck: the function the program called
	Blocks uint64 `json:"blocks,omitempty"` // how many blocks; Block is the first
	Alloc  *Event `json:"alloc,omitempty"`  // where the first was allocated
	// Where the last reference was lost, when known: for a leak found
	// during the run (WhenRun) the record's own location too.
	Lost      *Loss `json:"lost,omitempty"`
	Depth     int   `json:"depth,omitempty"`     // pointer steps from the block whose loss lost it
	Cycle     int   `json:"cycle,omitempty"`     // Lost.How "cycle": the blocks cut off together
	Untracked bool  `json:"untracked,omitempty"` // a pointer to it went where memlens could not follow
	// Every name the first block had during its life (full checking),
	// oldest first: paper 001's "pointed to or returned by".
	Names     []Name `json:"names,omitempty"`
	NamesMore bool   `json:"names_more,omitempty"` // more places named it than Names lists

	// Fatal signals (INVALID-DEREF, NULL-POINTER-DEREF, READ-ONLY-WRITE
	// found by a fault; STACK-OVERFLOW, ARITHMETIC-ERROR,
	// ILLEGAL-INSTRUCTION): the signal, e.g. "SIGSEGV", its si_code by
	// name ("SEGV_MAPERR"; "" if unknown) and the faulting instruction's
	// address. Column is 0 and Expr "": the line comes from the debug
	// information.
	Signal     string `json:"signal,omitempty"`
	SignalCode string `json:"signal_code,omitempty"`
	PC         string `json:"pc,omitempty"`
	// Where the faulting instruction is when it is not in the program's
	// instrumented code (the sentence the message ends with in
	// parentheses), and how the location was found when imprecise.
	CodeLocation string `json:"code_location,omitempty"`
	LocationNote string `json:"location_note,omitempty"`
	// STACK-OVERFLOW: the thread's stack size in bytes (0 if unknown) and
	// the recursion found on the stack.
	StackSize uint64     `json:"stack_size,omitempty"`
	Recursion *Recursion `json:"recursion,omitempty"`

	// TYPESTATE-VIOLATION: what the typestate map and the thread's
	// permissions said (docs/TYPESTATE.md).
	Typestate *Typestate `json:"typestate,omitempty"`
}

// Typestate is the detail of a TYPESTATE-VIOLATION (paper 003, Fig. 6).
type Typestate struct {
	Observed string `json:"observed"` // the typestate of At, "PCK_…"
	At       string `json:"at"`       // the first byte without permission, hexadecimal
	Asserted string `json:"asserted"` // a failed PCK_ASSERT: the typestate asserted, else ""
	Mode     string `json:"mode"`     // "light" or "heavy"
	// At lies Offset bytes into a run of Bytes bytes of Observed, between
	// PrecededBytes of PrecededBy and FollowedBytes of FollowedBy. Runs
	// are measured up to 65536 bytes: a run of Observed that long leaves
	// that side's neighbour unknown ("").
	Offset        uint64  `json:"offset"`
	Bytes         uint64  `json:"bytes"`
	PrecededBy    string  `json:"preceded_by"`
	PrecededBytes uint64  `json:"preceded_bytes"`
	FollowedBy    string  `json:"followed_by"`
	FollowedBytes uint64  `json:"followed_bytes"`
	Permitted     []Grant `json:"permitted"` // the grants for the access's kind in force, innermost first
	PermittedMore bool    `json:"permitted_more,omitempty"`
	Changed       []Frame `json:"changed"` // where At's word last changed typestate (empty: never)
}

// Grant is a typestate permission in force and what granted it: an
// annotation (its text, where it is, the function it annotates) or a call
// of pck_protect (By "pck_protect", where it was called).
type Grant struct {
	Typestate string `json:"typestate"`
	By        string `json:"by"`
	Function  string `json:"function"`
	File      string `json:"file"`
	Line      int    `json:"line"`
}

// Recursion is the recursion a STACK-OVERFLOW found on the thread's stack.
type Recursion struct {
	Function string   `json:"function"` // the function that recurses; "" if none was found
	Cycle    []string `json:"cycle"`    // the functions repeating, outermost first
	Depth    uint64   `json:"depth"`    // instrumented calls on the stack
}

// Name is a variable or lvalue that pointed to a block, or (Returned) the
// function that returned it; where it first did.
type Name struct {
	Name     string `json:"name"`
	Function string `json:"function"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Returned bool   `json:"returned,omitempty"`
}

// Step is one statement of a value propagation chain: where a pointer (or
// an uninitialized value) was carried, and what received it.
type Step struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Function string `json:"function"`
	Stmt     string `json:"stmt"`             // the statement's (or call's) source text
	To       string `json:"to"`               // what received the value: "n->next", "parameter p of f", "return value"
	How      string `json:"how"`              // one of the How* constants
	Thread   int    `json:"thread"`           // the thread that made the step
	Repeat   uint64 `json:"repeat,omitempty"` // as many more consecutive steps at this statement (a loop)
	// Statements the thread ran between this step and the report, in a
	// program built to count them (memlens cc --memlens-count-statements).
	Since uint64 `json:"since,omitempty"`
	// On a chain's last step: Origin when the value was made there (one
	// of the Origin* constants), else End saying why the chain stops.
	Origin string `json:"origin,omitempty"`
	End    string `json:"end,omitempty"`  // one of the End* constants
	From   string `json:"from,omitempty"` // End "unseen": the object the value was loaded from
	Kept   uint64 `json:"kept,omitempty"` // End "dropped": the steps the ring keeps (explain_ring)
	More   uint64 `json:"more,omitempty"` // steps past the last one shown
}

// Ways a Step carried the value.
const (
	HowAssign   = "assign"   // assigned to a variable
	HowStore    = "store"    // stored into memory
	HowArgument = "argument" // passed as an argument
	HowReturn   = "return"   // returned
	HowCopy     = "copy"     // copied with the object holding it (struct copy, memcpy)
	HowCall     = "call"     // handed on by a libc call memlens checks (qsort's comparator, a thread's argument)
	HowHere     = "here"     // the faulting statement itself (a chain of one step)
	HowRead     = "read"     // UNINITIALIZED-READ: an uninitialized value read into a value
	HowInitial  = "initial"  // held by a variable from its initializer
)

// Origins: how the value at a chain's end was made.
const (
	OriginNull          = "null"          // a null pointer constant
	OriginAllocation    = "allocation"    // malloc, calloc, realloc, strdup...
	OriginAddress       = "address"       // the address of a named object (&x, an array)
	OriginLiteral       = "literal"       // a string literal
	OriginCall          = "call"          // the result of a function memlens does not see
	OriginInteger       = "integer"       // an integer made into a pointer
	OriginOpaque        = "opaque"        // computed where memlens does not follow
	OriginCaller        = "caller"        // an argument of a caller memlens does not see
	OriginUninitialized = "uninitialized" // a pointer variable never assigned
	OriginDeclaration   = "declaration"   // UNINITIALIZED-READ: a local declared without initializer
	OriginInitializer   = "initializer"   // a variable's initial value (nothing memlens sees stored another)
)

// Why a chain ends before an origin.
const (
	EndUnknown = "unknown" // nothing is known of where the value was before
	EndDropped = "dropped" // older steps were overwritten (the explain_ring option)
	EndUnseen  = "unseen"  // loaded from memory no instrumented statement stored it into
	EndCut     = "cut"     // the walk back was cut short
)

// When a MEMORY-LEAK was found.
const (
	WhenRun   = "run"   // where the program lost its last reference
	WhenExit  = "exit"  // by the leak check at exit
	WhenCheck = "check" // by a leak check the program asked for (Check: __lsan_do_leak_check…)
)

// Loss is where and how a block's last reference went.
type Loss struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Function string `json:"function"`
	How      string `json:"how"` // assignment, scope-exit, discarded-result, freed-container, lost-container, cycle
	// How "cycle": how the statement cut the cycle off ("assignment",
	// "scope-exit"…), when known.
	Via string `json:"via,omitempty"`
	// A longjmp skipped the frame whose local held the reference.
	Jumped   bool   `json:"jumped,omitempty"`
	Expr     string `json:"expr"`     // the statement's text
	Variable string `json:"variable"` // the variable or lvalue losing it, "" if none
}

// Leak categories of a MEMORY-LEAK record (Valgrind's).
const (
	LeakDefinite = "definite" // nothing points to the blocks any more
	LeakIndirect = "indirect" // only other lost blocks point to them
	LeakPossible = "possible" // only pointers into their middle remain
)

// Base returns the base name of the record's file, the part that corpus
// annotations compare.
func (r *Record) Base() string { return baseName(r.File) }

// Base returns the base name of the event's file.
func (e *Event) Base() string { return baseName(e.File) }

func baseName(file string) string { return path.Base(strings.ReplaceAll(file, "\\", "/")) }

// String formats the record on one line for test failures and tools:
// KIND file:line:column expr.
func (r *Record) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s:%d:%d", r.Kind, r.File, r.Line, r.Column)
	if r.Function != "" {
		fmt.Fprintf(&b, " in %s", r.Function)
	}
	if r.Expr != "" {
		fmt.Fprintf(&b, " %q", r.Expr)
	}
	if r.Access != "" {
		fmt.Fprintf(&b, " (%s of %d bytes)", r.Access, r.Size)
	}
	return b.String()
}

// ReadFile reads the records of the JSON Lines log at path. A missing file
// is no error: a program that reported nothing wrote nothing.
func ReadFile(path string) ([]Record, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return []Record{}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, path)
}

// Read reads JSON Lines records from r; name is used in error messages.
// Blank lines are ignored. A line that is not a JSON object with a "kind"
// string, or whose known fields have the wrong types, is an error
// "name:LINE: expected a JSON object with a "kind" string: detail".
func Read(r io.Reader, name string) ([]Record, error) {
	recs := []Record{}
	br := bufio.NewReader(r)
	for lineno := 1; ; lineno++ {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 {
			rec, perr := parseLine(line)
			if perr != nil {
				return recs, fmt.Errorf("%s:%d: expected a JSON object with a \"kind\" string: %v", name, lineno, perr)
			}
			if rec != nil {
				recs = append(recs, *rec)
			}
		}
		if err == io.EOF {
			return recs, nil
		}
		if err != nil {
			return recs, fmt.Errorf("%s:%d: %v", name, lineno, err)
		}
	}
}

// ReadAll reads the records of r, skipping damaged lines: each is an
// error in bad, named like Read's ("name:LINE: …"). err is a read error,
// after which the records read so far are returned.
func ReadAll(r io.Reader, name string) (recs []Record, bad []error, err error) {
	recs = []Record{}
	br := bufio.NewReader(r)
	for lineno := 1; ; lineno++ {
		line, rerr := br.ReadBytes('\n')
		if len(line) > 0 {
			rec, perr := parseLine(line)
			switch {
			case perr != nil:
				bad = append(bad, fmt.Errorf("%s:%d: expected a JSON object with a \"kind\" string: %v", name, lineno, perr))
			case rec != nil:
				recs = append(recs, *rec)
			}
		}
		if rerr == io.EOF {
			return recs, bad, nil
		}
		if rerr != nil {
			return recs, bad, fmt.Errorf("%s:%d: %v", name, lineno, rerr)
		}
	}
}

// parseLine decodes one line; a blank line yields nil, nil.
func parseLine(line []byte) (*Record, error) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return nil, nil
	}
	if line[0] != '{' {
		return nil, fmt.Errorf("line starts with %q", shorten(line))
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(line, &fields); err != nil {
		return nil, err
	}
	raw, ok := fields["kind"]
	if !ok {
		return nil, errors.New(`no "kind" key`)
	}
	var kind string
	if err := json.Unmarshal(raw, &kind); err != nil || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil, fmt.Errorf(`"kind" is %s`, shorten(raw))
	}
	if kind == "" {
		return nil, errors.New(`"kind" is empty`)
	}
	var rec Record
	if err := json.Unmarshal(line, &rec); err != nil {
		return nil, err
	}
	return &rec, nil
}

func shorten(b []byte) string {
	const max = 40
	if len(b) > max {
		return string(b[:max]) + "..."
	}
	return string(b)
}
