package instrument

import (
	"bytes"
	"strconv"
)

// tagBlock is a brace-enclosed stretch of the text, for the tags of
// structs, unions and enums (withBlockTagsRenamed): the tags it declares,
// those its code named while an enclosing stretch's declaration was the
// one in sight, and the new names of those it declared again. (Its maps
// are made when first written: most blocks name no tag.)
type tagBlock struct {
	declared map[string]bool
	outer    map[string]bool
	renamed  map[string]string
}

// tagEdit is a tag's mention renamed: the text at..end becomes name.
type tagEdit struct {
	at, end int
	name    string
}

func (t *tagBlock) declare(tag string) {
	if t.declared == nil {
		t.declared = map[string]bool{}
	}
	t.declared[tag] = true
}

// withBlockTagsRenamed returns pre with each tag a block defines after its
// code named the tag of an enclosing scope renamed, from its definition to
// the block's end (`struct s x; struct s { long b; } y;` in a function
// whose file defines another struct s: x is the file's struct, y the
// block's). cc/v4 takes each of the block's mentions for the block's own
// tag, and the unit was compiled uninstrumented ("TODO *cc.InvalidType");
// gcc reads the renamed text alike. pre itself when there is none.
func withBlockTagsRenamed(pre []byte) []byte {
	var edits []tagEdit
	blocks := []tagBlock{{}} // (the file's scope first; no allocation a brace)
	b := pre
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '#' && (i == 0 || b[i-1] == '\n'):
			if n := bytes.IndexByte(b[i:], '\n'); n >= 0 {
				i += n
			} else {
				i = len(b)
			}
		case c == '"' || c == '\'':
			i = literalEnd(b, i) - 1
		case isNumberStart(b, i):
			i = ppNumberEnd(b, i) - 1
		case c == '{':
			blocks = append(blocks, tagBlock{})
		case c == '}':
			if len(blocks) > 1 {
				blocks = blocks[:len(blocks)-1]
			}
		case isIdentByte(c):
			end := i + 1
			for end < len(b) && isIdentByte(b[end]) {
				end++
			}
			// (compared in place: most of the text's words are no keyword)
			if word := b[i:end]; string(word) == "struct" || string(word) == "union" || string(word) == "enum" {
				if e, ok := tagMention(b, end, blocks, len(edits)); ok {
					edits = append(edits, e)
				}
			}
			i = end - 1
		}
	}
	if len(edits) == 0 {
		return pre
	}
	var out []byte
	last := 0
	for _, e := range edits {
		out = append(append(out, pre[last:e.at]...), e.name...)
		last = e.end
	}
	return append(out, pre[last:]...)
}

// tagMention notes the tag after a struct, union or enum keyword ending at
// b[end] in the innermost of blocks, and returns the edit renaming it
// when it is to be renamed (withBlockTagsRenamed; n numbers the names).
func tagMention(b []byte, end int, blocks []tagBlock, n int) (e tagEdit, ok bool) {
	at := skipSpace(b, end)
	for bytes.HasPrefix(b[at:], []byte("__attribute__")) {
		open := skipSpace(b, at+len("__attribute__"))
		close, _ := parenEnd(b, open)
		if close < 0 {
			return e, false
		}
		at = skipSpace(b, close)
	}
	tag := identAt(b, at)
	if tag == "" {
		return e, false
	}
	e.at, e.end = at, at+len(tag)
	next := skipSpace(b, e.end)
	defines := next < len(b) && b[next] == '{'
	inner := &blocks[len(blocks)-1]
	if next < len(b) && b[next] == ';' || defines && !inner.outer[tag] {
		inner.declare(tag) // (`struct s;` declares the block's own)
		return e, false
	}
	if defines && len(blocks) > 1 { // named before in this block: an outer tag
		inner.declare(tag)
		if inner.renamed == nil {
			inner.renamed = map[string]string{}
		}
		inner.renamed[tag] = tag + "__ml_tag" + strconv.Itoa(n)
		e.name = inner.renamed[tag]
		return e, true
	}
	for k := len(blocks) - 1; k >= 0; k-- {
		if name := blocks[k].renamed[tag]; name != "" {
			e.name = name
			return e, true
		}
		if blocks[k].declared[tag] {
			break
		}
	}
	if len(blocks) > 1 && !inner.declared[tag] && declaredOutside(blocks, tag) {
		if inner.outer == nil {
			inner.outer = map[string]bool{}
		}
		inner.outer[tag] = true
	}
	if len(blocks) == 1 {
		inner.declare(tag)
	}
	return e, false
}

// declaredOutside reports whether a block enclosing the innermost one (or
// the file) declares tag.
func declaredOutside(blocks []tagBlock, tag string) bool {
	for k := len(blocks) - 2; k >= 0; k-- {
		if blocks[k].declared[tag] {
			return true
		}
	}
	return false
}
