-- The portal's sign-in limits shared by every server process on the database and kept across a restart:
-- each try counted by key (a limit's name and what it counts, such as an address), kept an hour; and what
-- a sign-up keeps until its code is given (the name, contacts and consent typed), by key, until it ends.
CREATE TABLE sign_in_attempts (
  "key" text COLLATE "C" NOT NULL,
  "at" bigint NOT NULL
);

CREATE INDEX sign_in_attempts_key_index ON sign_in_attempts ("key", "at");
CREATE INDEX sign_in_attempts_at_index ON sign_in_attempts ("at");

CREATE TABLE sign_in_kept (
  "key" text COLLATE "C" NOT NULL PRIMARY KEY,
  "value" jsonb NOT NULL,
  "until" bigint NOT NULL
);

CREATE INDEX sign_in_kept_until_index ON sign_in_kept ("until");

-- A sign-in code's message as it is sent, code and all, which no client reads: its `text` shows the code
-- masked whatever the message's status.
ALTER TABLE "messages" ADD COLUMN "codeText" text COLLATE "C";
