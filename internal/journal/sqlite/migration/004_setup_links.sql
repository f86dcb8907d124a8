-- The one-time links that let the organiser choose a first password, by
-- the SHA-256 of their token: any process on the file takes a link that
-- another printed, and a copy of the file opens none.
CREATE TABLE setup_links (
    hash BLOB PRIMARY KEY
);
