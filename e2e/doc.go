// Package e2e holds the end-to-end tests of memlens: every program of the
// corpus under testdata/ is built natively with gcc and with memlens cc, both
// builds are run, and the instrumented run is judged against the program's
// annotations (see docs/CORPUS.md). Run them with
//
//	go test ./e2e/
//	go test ./e2e/ -run 'TestCorpus/bugs/hbo_memcpy'
package e2e
