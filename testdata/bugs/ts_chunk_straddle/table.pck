// Two kinds of record in a table that crosses a MiB boundary.
Open -> 2 words
Sealed -> 2 words
