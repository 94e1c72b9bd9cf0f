// A pool of slots: a free slot links to the next free one, a live
// slot starts with the tag of its object's type.
Pool -> seq { # Slot }
Slot -> union {
    Free -> seq { Link, # words }
  | Live -> seq { Tag, # words } }
Link -> 1 words
Tag -> 1 words
