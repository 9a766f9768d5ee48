-- The mark a visit penalty charges through (a late cancel's), made by the server's job runner: it names
-- its penalty, and no user marked it.
ALTER TABLE "attendances" ADD COLUMN "penaltyId" integer;
CREATE INDEX "attendances_penaltyId_index" ON "attendances" ("penaltyId");
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_penaltyId_fkey" FOREIGN KEY ("penaltyId") REFERENCES "penalties" (id) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE "attendances" ALTER COLUMN "markedBy" DROP NOT NULL;

-- The penalty fee a payment paid.
ALTER TABLE "payments" ADD COLUMN "penaltyId" integer;
CREATE INDEX "payments_penaltyId_index" ON "payments" ("penaltyId");
ALTER TABLE "payments" ADD CONSTRAINT "payments_penaltyId_fkey" FOREIGN KEY ("penaltyId") REFERENCES "penalties" (id) DEFERRABLE INITIALLY DEFERRED;

-- The job that applies penalties when their time to be waived is over.
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_name_check";
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_name_check" CHECK ("name" IN ('send_messages', 'close_classes', 'reminders', 'pass_notices', 'penalties'));
