-- Sign-in limits shared by every server process on the database: failed sign-ins by account (the email
-- tried) and address, kept an hour; the addresses each account signed in from, kept 30 days; and an
-- account's hold after a spread attack, with the user (a server-owned field no client writes).
CREATE TABLE sign_in_failures (
  "account" text COLLATE "C" NOT NULL,
  "address" text COLLATE "C" NOT NULL,
  "at" bigint NOT NULL,
  -- The pair signed in since: the failure still counts for the account, no longer for the pair or the address.
  "cleared" boolean NOT NULL DEFAULT false
);

CREATE INDEX sign_in_failures_account_index ON sign_in_failures ("account", "at");
CREATE INDEX sign_in_failures_address_index ON sign_in_failures ("address", "at");
CREATE INDEX sign_in_failures_at_index ON sign_in_failures ("at");

CREATE TABLE sign_in_addresses (
  "account" text COLLATE "C" NOT NULL,
  "address" text COLLATE "C" NOT NULL,
  "at" bigint NOT NULL,
  PRIMARY KEY ("account", "address")
);

CREATE INDEX sign_in_addresses_at_index ON sign_in_addresses ("at");

ALTER TABLE "users" ADD COLUMN "signInHold" jsonb;
