// Blocks of words: a free one has its size and a link, a used one its
// size and an owner's tag.
Blocks -> seq { # Block }
Block -> union {
    Free -> seq { Size, Next, # words }
  | Used -> seq { Size, Tag, # words } }
Size -> 1 words
Next -> 1 words
Tag -> 1 words
