// A record whose first word holds three fields of their own: the
// typestate map keeps their bytes' ids apart.
Rec -> seq { Tag, Flags, Len, # words }
Tag -> 1 bytes
Flags -> 3 bytes
Len -> 4 bytes
