// A table of cells, each a tag and a value: a transition of the whole
// table is two puts per cell.
Table -> seq { # Cell }
Cell -> seq { Tag, Val }
Tag -> 1 words
Val -> 1 words
