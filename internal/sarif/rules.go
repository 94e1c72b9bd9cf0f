package sarif

// Rule describes one kind of report for SARIF's rules.
type Rule struct {
	Kind  string
	Short string // one line
	Full  string // what the kind means, from docs/REPORTS.md
}

// Rules are the kinds memlens reports (corpus.Kinds), in that order.
var Rules = []Rule{
	{"HEAP-BUFFER-OVERFLOW", "Access outside a heap block",
		"An access outside the bounds of the live heap block the pointer was derived from, whatever lies at the address, even another live block."},
	{"DANGLING-POINTER-DEREF", "Access through a pointer to a freed block",
		"An access through a pointer whose heap block has been freed, detected even when the memory has been handed out again."},
	{"DOUBLE-FREE", "Free of a block already freed",
		"A free (or realloc) of a heap block that has already been freed, including a free of an interior pointer of a freed block. The bad free is not passed to the C library."},
	{"UNMATCHED-FREE", "Free of a pointer that is not the start of a heap block",
		"A free (or realloc) of a pointer that is not the start of a heap block: an interior pointer, or the address of a stack, global or literal object."},
	{"NULL-POINTER-DEREF", "Access through a NULL pointer",
		"An access through a NULL pointer, or at an address in the first page, which is what a field or an element reached through NULL gives."},
	{"STACK-BUFFER-OVERFLOW", "Access outside a local variable",
		"An access outside a local variable: an index past a local array's declared bound, or an access through a pointer to a local beyond that local's bounds."},
	{"GLOBAL-BUFFER-OVERFLOW", "Access outside a global or static variable",
		"An access outside a global or static variable, by index or through a pointer, or a read past the end of a string literal."},
	{"INTRA-OBJECT-OVERFLOW", "Index past an array member of a struct",
		"An index past an array member of a struct, even when the access stays inside the struct and so inside its block."},
	{"USE-AFTER-RETURN", "Access to a local of a function that has returned",
		"An access through a pointer to a local variable of a function that has returned (or whose frame a longjmp skipped), whatever has happened to the stack memory since."},
	{"USE-AFTER-SCOPE", "Access to a local after its block ended",
		"An access through a pointer to a local variable after the block that declared it ended, while its function still runs."},
	{"INVALID-DEREF", "Access through a pointer that belongs to no object",
		"An access through a pointer that belongs to no object: a pointer variable never assigned, or an address where no object can be."},
	{"UNINITIALIZED-READ", "Use of a value never written",
		"A value that was never written is used: it decides a branch, feeds arithmetic, is dereferenced, passed, returned or read by a C library function (full checking only)."},
	{"READ-ONLY-WRITE", "Write into a string literal or const variable",
		"A write into a string literal or a const variable, through a pointer that had its const cast away or never had it."},
	{"MEMORY-LEAK", "Heap memory the program lost",
		"Heap blocks no pointer refers to any more: reported where the last reference was lost (full checking), or by the leak check at exit."},
	{"STACK-OVERFLOW", "The thread's stack is exhausted",
		"The thread's stack is exhausted (a fault just below it); the report names the recursion found on the stack and its depth."},
	{"ARITHMETIC-ERROR", "Integer division by zero or overflow",
		"A SIGFPE: an integer division or remainder by zero, the most negative value divided by -1, or a floating-point exception the program enabled."},
	{"ILLEGAL-INSTRUCTION", "Illegal instruction",
		"A SIGILL: a trap instruction (__builtin_trap, or a path the compiler proved undefined) or an instruction the processor refuses."},
	{"TYPESTATE-VIOLATION", "Access to memory in a typestate the code may not touch",
		"A memory manager's code read or wrote bytes whose typestate (set by the program's typestate tracking) its permission annotations do not grant, or a PCK_ASSERT failed; the report names the observed typestate, the typestates around it, the grants in force and where the bytes last changed typestate."},
}
