-- The counts of the login, pairing and lookup limits, shared by every
-- process on the file: a key (a kind and a client address) counted in a
-- window that ends at until (Unix milliseconds). They are not events:
-- rows of ended windows are deleted as the counts go.
CREATE TABLE counts (
    key   TEXT PRIMARY KEY,
    count INTEGER NOT NULL,
    until INTEGER NOT NULL
);
