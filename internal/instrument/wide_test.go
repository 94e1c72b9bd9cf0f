package instrument

import (
	"maps"
	"testing"
)

// TestWideLiteralViews: the view spells u"…" and U"…" as L"…" and puts a
// run's prefix on its first piece, at the same length and lines; the text's
// prefix is kept by the run's offset. Runs the front end reads are left.
func TestWideLiteralViews(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		prefixes map[int]string
	}{
		{`s = u"ab";`, `s = L"ab";`, map[int]string{4: "u"}},
		{`s = U"a" U"b";`, `s = L"a" "b" ;`, map[int]string{4: "U"}},
		{`s = "a" u8"b" "c";`, `s = u8"a" "b" "c";`, map[int]string{4: "u8"}},
		{"s = \"a\"\n\tL\"b\";", "s = L\"a\"\n\t\"b\";", map[int]string{4: "L"}},
		{`s = u"a" "b"; t = "c" U"d";`, `s = L"a" "b"; t = L"c" "d";`, map[int]string{4: "u", 18: "U"}},
		{`s = L"a" "b"; t = u8"c"; u = "d" "e";`, `s = L"a" "b"; t = u8"c"; u = "d" "e";`, nil},
		{`s = mu"a"; c = u'a'; d = "u\"b";`, `s = mu"a"; c = u'a'; d = "u\"b";`, nil},
		{`s = u"\U0001F600"; t = u"😀" "\U0001F600x"; v = u"a" U"b";`, `s = L"\xffff\377"; t = L"ÿÿ" "\xffff\377x"; v = u"a" U"b";`, map[int]string{4: "u", 23: "u"}},
		{`s = u"\U00110000"; t = u"\U0001F6"; v = U"\U0001F600";`, `s = u"\U00110000"; t = u"\U0001F6"; v = L"\U0001F600";`, map[int]string{40: "U"}},
		{`s = u"\u00e9";`, `s = L"\u00e9";`, map[int]string{4: "u"}},
		{"s = \"a\"\n# 3 \"x.c\"\nu\"b\";", "s = \"a\"\n# 3 \"x.c\"\nL\"b\";", map[int]string{18: "u"}},
		{`s = u"a`, `s = u"a`, nil},
	} {
		got, prefixes := wideLiteralViews([]byte(tc.in))
		if string(got) != tc.want || !maps.Equal(prefixes, tc.prefixes) {
			t.Errorf("%s: got\n%s %v, want\n%s %v", tc.in, got, prefixes, tc.want, tc.prefixes)
		}
	}
}
