-- Personal data erased on request: when a card was erased, and the customer who made an audit entry in
-- the portal, so that the erasure finds the entries carrying their name.
ALTER TABLE "customers" ADD COLUMN "erasedAt" iso_instant;
ALTER TABLE "auditEntries" ADD COLUMN "byCustomerId" integer;
CREATE INDEX "auditEntries_byCustomerId_index" ON "auditEntries" ("byCustomerId");
