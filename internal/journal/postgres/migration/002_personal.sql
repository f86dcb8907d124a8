-- Personal data (a holder's name and contact, a cheque payer's identity
-- document) lives beside the journal, never in a payload, so that it can be
-- erased: the event that stored a record holds its reference and a keyed
-- hash of it. An erasure deletes the row; what that leaves on the server's
-- disk (dead tuples until VACUUM, WAL segments, backups) is in docs/privacy.md.
CREATE TABLE personal (
    ref    text CONSTRAINT personal_ref_unique PRIMARY KEY,
    seq    bigint NOT NULL,
    record bytea NOT NULL
);
CREATE INDEX personal_by_seq ON personal (seq);
