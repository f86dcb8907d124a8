-- The counts of the login, pairing and lookup limits, shared by every
-- instance on the database: a key (a kind and a client address) counted
-- in a window that ends at until, by the database's clock. They are not
-- events: rows of ended windows are deleted as the counts go. Unlogged:
-- a crash may lose them, which only gives back a few tries, and they
-- never reach the WAL, its archives nor a replica.
CREATE UNLOGGED TABLE counts (
    key   text PRIMARY KEY,
    count integer NOT NULL,
    until timestamptz NOT NULL
);
