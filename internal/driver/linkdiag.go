package driver

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

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
// callee slots, so that a link prints gcc's, with each of memlens's
// temporary objects named as gcc names its own (gccTempObject).
type linkDiagnostics struct {
	w       io.Writer
	names   map[string]string // the temporary objects' names in gcc's form
	pending []byte            // a line not ended yet
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
		if slotLine(line) {
			continue
		}
		for obj, name := range d.names {
			line = bytes.ReplaceAll(line, []byte(obj), []byte(name))
		}
		kept = append(kept, line...)
	}
	if len(kept) == 0 {
		return nil
	}
	_, err := d.w.Write(kept)
	return err
}

// runLink runs the link argv of units' objects with its messages through
// linkDiagnostics.
func (j *job) runLink(argv []string, units []*unit) error {
	d := &linkDiagnostics{w: j.stderr, names: map[string]string{}}
	for _, u := range units {
		if strings.HasPrefix(u.obj, j.tmp+string(filepath.Separator)) {
			d.names[u.obj] = gccTempObject()
		}
	}
	err := j.runWith(argv, j.stdout, d)
	if werr := d.pass(d.pending); err == nil {
		err = werr
	}
	return err
}

// gccTempObject returns a name of the form gcc gives the object of a C
// file it compiles and links in one command, and which the linker's
// messages name (`/tmp/ccET07Cf.o: requires executable stack`): mkstemps's
// "cc" and six letters or digits in the temporary directory.
func gccTempObject() string {
	const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	b := []byte("cc")
	for range 6 {
		b = append(b, letters[rand.IntN(len(letters))])
	}
	return filepath.Join(os.TempDir(), string(b)+".o")
}
