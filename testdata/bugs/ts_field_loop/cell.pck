// Cells of words: a free one has its span and a link, an object a
// header, then its fields, a word each.
Heap -> seq { # Cell }
Cell -> union {
    Free -> seq { Span, Next, # words }
  | Object -> seq { Header, # Field } }
Header -> seq { Tag, Kind }
Span -> 1 words
Next -> 1 words
Tag -> 1 words
Kind -> 1 words
Field -> 1 words
