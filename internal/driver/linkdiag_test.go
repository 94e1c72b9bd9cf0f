package driver

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestLinkDiagnosticsFilter: the linker's lines about callee slots are
// dropped, in each form ld gives them (no debug info, -g with the slot's
// declaration in <memlens.h>, with or without a directory, and ld's
// cut-off line when a slot's reference is the sixth in a row); every other
// line passes, written in pieces.
func TestLinkDiagnosticsFilter(t *testing.T) {
	in := "/usr/bin/ld: u.o: in function `main':\n" +
		"u.c:(.text+0x11): undefined reference to `fill'\n" +
		"/usr/bin/ld: u.o:(.data.rel.ro.memlens_callees+0x0): undefined reference to `fill'\n" +
		"/usr/bin/ld: u.o:/tmp/b/<memlens.h>:2386: undefined reference to `fill'\n" +
		"/usr/bin/ld: u.o:<memlens.h>:2386: undefined reference to `report'\n" +
		"/usr/bin/ld: u.o:(.data.rel.ro.memlens_callees+0x8): more undefined references to `fill' follow\n" +
		"/usr/bin/ld: u.o:u.c:(.text+0x40): more undefined references to `fill' follow\n" +
		"collect2: error: ld returned 1 exit status\n"
	want := "/usr/bin/ld: u.o: in function `main':\n" +
		"u.c:(.text+0x11): undefined reference to `fill'\n" +
		"/usr/bin/ld: u.o:u.c:(.text+0x40): more undefined references to `fill' follow\n" +
		"collect2: error: ld returned 1 exit status\n"
	var out strings.Builder
	d := &linkDiagnostics{w: &out}
	for i := 0; i < len(in); i += 7 {
		if _, err := d.Write([]byte(in[i:min(i+7, len(in))])); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.pass(d.pending); err != nil {
		t.Fatal(err)
	}
	if out.String() != want {
		t.Errorf("passed:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestLinkDiagnosticsTempObjects: the linker's lines name memlens's
// temporary object as gcc names its own, a "cc" and six letters or digits
// in the temporary directory.
func TestLinkDiagnosticsTempObjects(t *testing.T) {
	var out strings.Builder
	d := &linkDiagnostics{w: &out, names: map[string]string{"/tmp/memlens-1/0/n.o": gccTempObject()}}
	in := "/usr/bin/ld: warning: /tmp/memlens-1/0/n.o: requires executable stack\n/usr/bin/ld: /tmp/memlens-1/0/n.o: in function `main':\n"
	if err := d.pass([]byte(in)); err != nil {
		t.Fatal(err)
	}
	want := regexp.MustCompile("^/usr/bin/ld: warning: " + regexp.QuoteMeta(os.TempDir()) + "/cc[A-Za-z0-9]{6}\\.o: requires executable stack\n/usr/bin/ld: " +
		regexp.QuoteMeta(os.TempDir()) + "/cc[A-Za-z0-9]{6}\\.o: in function `main':\n$")
	if !want.MatchString(out.String()) || strings.Count(out.String(), d.names["/tmp/memlens-1/0/n.o"]) != 2 {
		t.Errorf("passed:\n%s\nwant the object as %s, twice", out.String(), d.names["/tmp/memlens-1/0/n.o"])
	}
}
