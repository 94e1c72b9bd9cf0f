package driver

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestSplitResponse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{" \t\n ", nil},
		{"-c a.c", []string{"-c", "a.c"}},
		{"  -O2\n\t-Wall\r\n", []string{"-O2", "-Wall"}},
		{`'a b' "c d"`, []string{"a b", "c d"}},
		{`-DMSG="hello world" x`, []string{"-DMSG=hello world", "x"}},
		{`-DQ='"q"'`, []string{`-DQ="q"`}},
		{`a\ b c\\d`, []string{"a b", `c\d`}},
		{`"a\"b" 'it\'s'`, []string{`a"b`, "it's"}},
		{`'' ""`, []string{"", ""}},
		{`x"y z"w`, []string{"xy zw"}},
		{"'a\nb'", []string{"a\nb"}},
	} {
		if got := splitResponse(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("splitResponse(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestExpandResponseFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	inner := write("inner.rsp", `-DX="a b" b.c`)
	outer := write("outer.rsp", "-O2 @"+inner+" 'c d.c'")
	empty := write("empty.rsp", "\n")
	got, err := expandResponseFiles([]string{"-c", "@" + outer, "@" + empty, "@" + dir + "/missing.rsp", "@" + dir, "e.c"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"-c", "-O2", "-DX=a b", "b.c", "c d.c", "@" + dir + "/missing.rsp", "@" + dir, "e.c"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}

	loop := write("loop.rsp", "@"+filepath.Join(dir, "loop.rsp"))
	if _, err := expandResponseFiles([]string{"@" + loop}); err == nil {
		t.Error("a response file including itself was expanded without error")
	}
}
