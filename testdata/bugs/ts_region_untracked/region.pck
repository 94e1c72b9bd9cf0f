// A bump region: its header, then the objects carved from it.
Region -> seq { RegionHdr, # Obj }
RegionHdr -> seq { Used, Cap }
Used -> 1 words
Cap -> 1 words
Obj -> # words
