-- The customers' portal: a ward's guardian (another customer), consent to the processing of personal
-- data given on signing up, and what the server keeps for signing in (never answered): the last code
-- sent, the staff-made one-time link, the sessions' version and those ended on their own device, and the
-- calendar feed's token.
ALTER TABLE "customers" ADD COLUMN "guardianId" integer;
CREATE INDEX "customers_guardianId_index" ON "customers" ("guardianId");
ALTER TABLE "customers" ADD COLUMN "consentAt" iso_instant;
ALTER TABLE "customers" ADD COLUMN "signInCode" jsonb;
ALTER TABLE "customers" ADD COLUMN "signInLinkHash" text COLLATE "C";
ALTER TABLE "customers" ADD COLUMN "signInLinkUntil" iso_instant;
ALTER TABLE "customers" ADD COLUMN "portalVersion" integer;
ALTER TABLE "customers" ADD COLUMN "portalRevoked" jsonb;
ALTER TABLE "customers" ADD COLUMN "calendarToken" text COLLATE "C";

-- Plans customers may buy themselves in the portal.
ALTER TABLE "subscriptions" ADD COLUMN "soldOnline" boolean NOT NULL DEFAULT false;
ALTER TABLE "subscriptions" ALTER COLUMN "soldOnline" DROP DEFAULT;
