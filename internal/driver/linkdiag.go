package driver

import (
	"bytes"
	"io"

	"memlens/internal/instrument"
)

// slotReferences are what the linker says of a callee slot (instrument's
// calleeSlot) naming a function nobody defines: "obj:(SECTION+0x0):
// undefined reference to `f'", or with -g "obj:DIR/FILE:LINE: ...", FILE
// the slots' (instrument.CalleeSlotFile); or, as the slot comes after
// every call of f in its object, "more undefined references to `f'
// follow" where the calls made five in a row. Each call of f says so too,
// as in gcc's link, so the slot's line is only a copy.
var slotReferences = [][]byte{
	[]byte(":(" + instrument.CalleeSlotSection + "+0x"),
	[]byte("/" + instrument.CalleeSlotFile + ":"),
	[]byte(":" + instrument.CalleeSlotFile + ":"), // (-fdebug-prefix-map to nothing)
}

// slotLine reports whether line is the linker's message about a callee slot.
func slotLine(line []byte) bool {
	if !bytes.Contains(line, []byte("undefined reference to")) && !bytes.Contains(line, []byte("more undefined references to")) {
		return false
	}
	for _, ref := range slotReferences {
		if bytes.Contains(line, ref) {
			return true
		}
	}
	return false
}

// linkDiagnostics passes the linker's messages on to w but for those about
// callee slots, so that a link prints gcc's.
type linkDiagnostics struct {
	w       io.Writer
	pending []byte // a line not ended yet
}

func (d *linkDiagnostics) Write(p []byte) (int, error) {
	d.pending = append(d.pending, p...)
	end := bytes.LastIndexByte(d.pending, '\n') + 1
	if err := d.pass(d.pending[:end]); err != nil {
		return 0, err
	}
	d.pending = append(d.pending[:0], d.pending[end:]...)
	return len(p), nil
}

// pass writes the lines of text that are not about a callee slot.
func (d *linkDiagnostics) pass(text []byte) error {
	var kept []byte
	for line := range bytes.Lines(text) {
		if !slotLine(line) {
			kept = append(kept, line...)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	_, err := d.w.Write(kept)
	return err
}

// runLink runs the link argv with its messages through linkDiagnostics.
func (j *job) runLink(argv []string) error {
	d := &linkDiagnostics{w: j.stderr}
	err := j.runWith(argv, j.stdout, d)
	if werr := d.pass(d.pending); err == nil {
		err = werr
	}
	return err
}
