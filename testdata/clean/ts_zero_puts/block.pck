// A block: a header word and a payload of any size, none too. Spare is
// what the memory around it is.
Block -> seq { Hdr, # words }
Hdr -> 1 words
Spare -> 1 words
