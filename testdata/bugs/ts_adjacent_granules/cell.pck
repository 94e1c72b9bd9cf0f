// Cells of four words: a free cell links to the next free one, a live
// cell holds a tag, a count and two data words.
Heap -> seq { # Cell }
Cell -> union {
    Free -> seq { Link, # words }
  | Live -> seq { Tag, Count, Data, Data } }
Link -> 1 words
Tag -> 1 words
Count -> 1 words
Data -> 1 words
