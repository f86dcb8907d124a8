-- Personal data (a holder's name and contact, a cheque payer's identity
-- document) lives beside the journal, never in a payload, so that it can be
-- erased for good: the event that stored a record holds its reference and a
-- keyed hash of it. The store runs with secure_delete on, so a deleted record
-- is overwritten with zeros, and checkpoints the WAL after an erasure.
CREATE TABLE personal (
    ref    TEXT PRIMARY KEY,
    seq    INTEGER NOT NULL,
    record BLOB NOT NULL
);
CREATE INDEX personal_by_seq ON personal (seq);
