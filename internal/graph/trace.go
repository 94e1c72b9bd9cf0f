// Package graph builds memory graphs with their whole history (MG++, paper
// 004) from the trace a program built with memlens cc --memlens-graph
// writes (runtime/graph.c): construction (Algorithm 2), retrieval at any
// moment (Algorithm 1), invariant-based fault location, and DOT, JSON and
// HTML pictures.
package graph

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// Version is the trace format this package reads (ML_GRAPH_VERSION).
const Version = 2

var magic = []byte("MLGRAPH\n")

// A Site is a statement of the program.
type Site struct {
	File string
	Line int
}

func (s Site) String() string { return fmt.Sprintf("%s:%d", s.File, s.Line) }

// A Field describes the lvalue a pointer was stored into: the type
// containing it as the source spells it, the member path inside it ("" for
// *p or p[i]: Container is then the element's type), the path's offset,
// and the type the stored pointer points to. Types are spelled as C does
// ("struct tag" even where the code used a typedef of it).
type Field struct {
	Container, Path string
	Offset          uint64
	Value           string
	// the typedef names the code used for Container and Value, if any
	ContainerTypedef, ValueTypedef string
}

// Kind is what an event did.
type Kind byte

const (
	Alloc     Kind = 'A' // Addr, Size
	Realloc   Kind = 'R' // Old moved to Addr, Size
	Free      Kind = 'F' // Addr
	Store     Kind = 'W' // pointer Value stored at Addr
	RootStore Kind = 'G' // pointer Value stored into the named variable Field.Path at Addr (0: a register)
	Data      Kind = 'D' // integer Value (a long long) stored at Addr
	Copy      Kind = 'C' // Size bytes copied from Old to Addr
	Derive    Kind = 'X' // Addr computed from Old (Old[i] written)
)

// An Event is one record of the trace; its timestamp is its index + 1.
type Event struct {
	Kind             Kind
	Addr, Old, Value uint64
	Size             uint64
	Site             *Site
	Field            *Field
}

// A Trace is a whole trace file.
type Trace struct {
	Path   string
	Events []Event
}

// ReadFile reads the trace at path.
func ReadFile(path string) (*Trace, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(path, f)
}

// Read reads a trace; name is the file's, for errors.
func Read(name string, r io.Reader) (*Trace, error) {
	p := &parser{r: bufio.NewReaderSize(r, 1<<16), name: name}
	t, err := p.trace()
	if err != nil {
		return nil, err
	}
	t.Path = name
	return t, nil
}

type parser struct {
	r    *bufio.Reader
	name string
	off  int64
	tag  byte
}

// errTruncated marks a read past the end of the file.
var errTruncated = errors.New("truncated")

func (p *parser) fail(format string, args ...any) error {
	return fmt.Errorf("%s: damaged memory graph trace at byte %d: %s", p.name, p.off, fmt.Sprintf(format, args...))
}

func (p *parser) byte() (byte, error) {
	b, err := p.r.ReadByte()
	if err == io.EOF {
		return 0, errTruncated
	}
	if err == nil {
		p.off++
	}
	return b, err
}

func (p *parser) uint() (uint64, error) {
	var v uint64
	for shift := 0; shift < 64; shift += 7 {
		b, err := p.byte()
		if err != nil {
			return 0, err
		}
		v |= uint64(b&0x7f) << shift
		if b&0x80 == 0 {
			return v, nil
		}
	}
	return 0, p.fail("a number longer than 64 bits in a '%c' record", p.tag)
}

func (p *parser) str() (string, error) {
	n, err := p.uint()
	if err != nil {
		return "", err
	}
	if n > 1024 {
		return "", p.fail("a string of %d bytes in a '%c' record (at most 1024)", n, p.tag)
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(p.r, b); err != nil {
		return "", errTruncated
	}
	p.off += int64(n)
	return string(b), nil
}

func (p *parser) trace() (*Trace, error) {
	var head [16]byte
	if _, err := io.ReadFull(p.r, head[:]); err != nil || !bytes.Equal(head[:8], magic) {
		return nil, fmt.Errorf("%s: not a memory graph trace (run a program built with memlens cc --memlens-graph with MEMLENS_OPTIONS=graph=%s)", p.name, p.name)
	}
	p.off = 16
	if v := binary.LittleEndian.Uint32(head[8:]); v != Version {
		return nil, fmt.Errorf("%s: memory graph trace version %d; this memlens reads version %d", p.name, v, Version)
	}
	if w := binary.LittleEndian.Uint32(head[12:]); w != 8 {
		return nil, fmt.Errorf("%s: memory graph trace of a %d-bit program; memlens reads 64-bit ones", p.name, w*8)
	}
	t := &Trace{}
	sites := map[uint64]*Site{}
	fields := map[uint64]*Field{}
	site := func() (*Site, error) {
		k, err := p.uint()
		if err != nil || k == 0 {
			return nil, err
		}
		if s := sites[k]; s != nil {
			return s, nil
		}
		return nil, p.fail("a '%c' record names a statement never defined", p.tag)
	}
	for {
		start := p.off
		tag, err := p.byte()
		if err == errTruncated {
			return nil, fmt.Errorf("%s: memory graph trace truncated after %d events (no end record: the program did not end normally, or the file was cut)", p.name, len(t.Events))
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", p.name, err)
		}
		p.tag = tag
		err = p.record(tag, t, sites, fields, site)
		if err == errEnd {
			return t, nil
		}
		if err == errTruncated {
			p.off = start
			return nil, p.fail("the file ends inside a '%c' record", tag)
		}
		if err != nil {
			return nil, err
		}
	}
}

var errEnd = errors.New("end")

func (p *parser) record(tag byte, t *Trace, sites map[uint64]*Site, fields map[uint64]*Field, site func() (*Site, error)) error {
	var e Event
	var err error
	u := func(dst *uint64) {
		if err == nil {
			*dst, err = p.uint()
		}
	}
	switch tag {
	case 'S':
		var k, line uint64
		var file string
		u(&k)
		if err == nil {
			file, err = p.str()
		}
		u(&line)
		if err == nil {
			sites[k] = &Site{File: file, Line: int(line)}
		}
		return err
	case 'T':
		var k uint64
		var f Field
		u(&k)
		if err == nil {
			f.Container, err = p.str()
		}
		if err == nil {
			f.Path, err = p.str()
		}
		u(&f.Offset)
		for _, dst := range []*string{&f.Value, &f.ContainerTypedef, &f.ValueTypedef} {
			if err == nil {
				*dst, err = p.str()
			}
		}
		if err == nil {
			fields[k] = &f
		}
		return err
	case 'A':
		e.Kind = Alloc
		u(&e.Addr)
		u(&e.Size)
	case 'R':
		e.Kind = Realloc
		u(&e.Old)
		u(&e.Addr)
		u(&e.Size)
	case 'F':
		e.Kind = Free
		u(&e.Addr)
	case 'X':
		e.Kind = Derive
		u(&e.Old)
		u(&e.Addr)
	case 'C':
		e.Kind = Copy
		u(&e.Addr)
		u(&e.Old)
		u(&e.Size)
	case 'W', 'G', 'D':
		e.Kind = Kind(tag)
		u(&e.Addr)
		u(&e.Value)
	case 'E':
		var n uint64
		u(&n)
		if err != nil {
			return err
		}
		if n != uint64(len(t.Events)) {
			return p.fail("the end record counts %d events, the trace holds %d", n, len(t.Events))
		}
		if _, err := p.byte(); err != errTruncated {
			return p.fail("data after the end record")
		}
		return errEnd
	default:
		return p.fail("unknown record tag 0x%02x", tag)
	}
	if err == nil {
		e.Site, err = site()
	}
	if err == nil && (e.Kind == Store || e.Kind == RootStore || e.Kind == Data) {
		var k uint64
		u(&k)
		if err == nil {
			if e.Field = fields[k]; e.Field == nil {
				return p.fail("a store names an lvalue never defined")
			}
		}
	}
	if err != nil {
		return err
	}
	t.Events = append(t.Events, e)
	return nil
}
