package instrument

import (
	"maps"
	"testing"
)

// TestAddressSpaceViews: __seg_fs and __seg_gs are `volatile` in the view,
// kept by offset; the names a function is left alone for are them and
// their typedefs.
func TestAddressSpaceViews(t *testing.T) {
	in := `typedef long __seg_gs *gp; typedef gp gp2; int __seg_fs *p; s = "__seg_gs"; int x__seg_fs;`
	want := `typedef long volatile *gp; typedef gp gp2; int volatile *p; s = "__seg_gs"; int x__seg_fs;`
	got, viewed := addressSpaceViews([]byte(in), nil)
	if string(got) != want || !maps.Equal(viewed, map[int]int{13: 21, 47: 55}) {
		t.Errorf("got\n%s %v, want\n%s", got, viewed, want)
	}
	names := addressSpaceNames([]byte(in))
	if !maps.Equal(names, map[string]bool{"__seg_fs": true, "__seg_gs": true, "gp": true, "gp2": true}) {
		t.Errorf("names %v", names)
	}
	if got, viewed := addressSpaceViews([]byte("int *p;"), nil); string(got) != "int *p;" || viewed != nil {
		t.Errorf("a unit without: %s %v", got, viewed)
	}
}
