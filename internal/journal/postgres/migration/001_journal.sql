-- The journal: events in order, hash-chained. The payload is bytea, not
-- jsonb, because the hash covers its exact bytes. The head row is updated in
-- the same transaction as every append, so a deleted last event is detected,
-- and its row lock serialises appends.
CREATE TABLE events (
    seq     bigint PRIMARY KEY,
    time    timestamptz NOT NULL,
    actor   text NOT NULL,
    type    text NOT NULL,
    payload bytea NOT NULL,
    key     text CONSTRAINT events_key_unique UNIQUE,
    hash    text NOT NULL
);

CREATE TABLE head (
    id   integer PRIMARY KEY CHECK (id = 1),
    seq  bigint NOT NULL,
    hash text NOT NULL
);
INSERT INTO head (id, seq, hash) VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000');

-- Secrets (series seeds and keys, the day seed) live apart from events and
-- never leave through export or an API.
CREATE TABLE secrets (
    name  text CONSTRAINT secrets_name_unique PRIMARY KEY,
    value bytea NOT NULL
);
