-- The one-time links that let the organiser choose a first password, by
-- the SHA-256 of their token: any instance takes a link that another
-- printed, and a copy of the database opens none.
CREATE TABLE setup_links (
    hash bytea PRIMARY KEY
);
