package instrument

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain runs the tests with the collector's target memlens itself
// sets (cmd/memlens's main): like the driver, they instrument units in
// process and keep each parse tree to the end, many at once, and at
// GOGC=100 collecting them took a tenth of FuzzInstrument's CPU.
func TestMain(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(GCPercent)
	}
	os.Exit(m.Run())
}
