// A region allocator: each region starts with a header, then objects are
// bumped one after another; resetting a region frees all its objects.
Region -> seq { RegionHdr, # words }
RegionHdr -> seq { Top, Limit, Next }
Top -> 1 words
Limit -> 1 words
Next -> 1 words
Obj -> seq { ObjHdr, # words }
ObjHdr -> seq { Size, Type }
Size -> 4 bytes
Type -> 4 bytes
