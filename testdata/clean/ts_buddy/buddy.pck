// The heap of buddy.c: an arena of power-of-two blocks. A free block is on
// the free list of its order; a used block's header is its tag (the order)
// and the size asked for, its payload follows.
Heap -> seq { # Block }
Block -> union {
    Free -> seq { Order, Next, Prev, # words }
  | Used -> seq { Tag, Size, # words } }
Order -> 1 words
Next -> 1 words
Prev -> 1 words
Tag -> 1 words
Size -> 1 words
