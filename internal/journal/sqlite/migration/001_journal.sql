-- The journal: events in order, hash-chained; the head row is updated in the
-- same transaction as every append, so a deleted last event is detected.
CREATE TABLE events (
    seq     INTEGER PRIMARY KEY,
    time_us INTEGER NOT NULL,
    actor   TEXT NOT NULL,
    type    TEXT NOT NULL,
    payload BLOB NOT NULL,
    key     TEXT UNIQUE,
    hash    TEXT NOT NULL
);

CREATE TABLE head (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    seq  INTEGER NOT NULL,
    hash TEXT NOT NULL
);
INSERT INTO head (id, seq, hash) VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000');

-- Secrets (series seeds and keys, the day seed) live apart from events and
-- never leave through export or an API.
CREATE TABLE secrets (
    name  TEXT PRIMARY KEY,
    value BLOB NOT NULL
);
