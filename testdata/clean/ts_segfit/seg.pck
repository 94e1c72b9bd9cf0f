// The heap of seg.c: an arena of chunks with boundary tags. A free chunk
// sits on the free list of its size class and ends with a copy of its size;
// a used chunk's payload follows its header.
Arena -> seq { # Chunk }
Chunk -> union {
    Free -> seq { FreeHdr, # words, Footer }
  | Used -> seq { UsedHdr, # words } }
FreeHdr -> seq { Size, Class, Next, Prev }
UsedHdr -> seq { Size, Magic }
Footer -> 1 words
Size -> 1 words
Class -> 1 words
Next -> 1 words
Prev -> 1 words
Magic -> 1 words
