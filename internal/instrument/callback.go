package instrument

// A function whose address the unit hands out may be called back by code
// memlens does not see, and return it a pointer to an object that code
// then writes: libpng keeps a text chunk's key in a block its malloc_fn
// (the program's) returned, and the program reads it later. Full checking
// defines, at such a return, what the pointer's object holds from there
// on, as it does for a pointer argument passed to a library (externArgs),
// when the return address lies in another module than the function
// (__ml_returned_out). Only for a function the unit takes the address of
// and never calls by name, so gcc inlines none of its returns into a
// caller, whose own return address the test would take.

// returnsOut reports whether function name hands a pointer it returns to
// its caller's module when that is another (__ml_returned_out).
func (r *rewriter) returnsOut(name string) bool {
	return r.c.full && r.fn.retPtr && !r.fn.main && r.namedOtherwise[name] && r.callSites[name] == 0
}

// returnedOut is the code handing pointer v (meta m), returned at site
// (the unit's: its module's) by the function being rewritten, to a caller
// in another module.
func (r *rewriter) returnedOut(v, m, site string) string {
	return "__ml_returned_out((__ml_uptr)" + v + ", " + m + ", (__ml_uptr)__builtin_return_address(0), (__ml_uptr)" + site + ");"
}
