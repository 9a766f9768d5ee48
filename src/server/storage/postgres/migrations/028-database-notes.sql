-- The database's own notes (such as how far the clock is moved from real time): read by every server
-- process on the database at its start, never a collection, never served by the API.
CREATE TABLE database_notes (name text COLLATE "C" PRIMARY KEY, value jsonb NOT NULL);
