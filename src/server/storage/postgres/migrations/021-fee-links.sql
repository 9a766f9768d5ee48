-- A payment link may pay a penalty's fee (purpose `fee`): it names the penalty.
ALTER TABLE "paymentLinks" ADD COLUMN "penaltyId" integer;
CREATE INDEX "paymentLinks_penaltyId_index" ON "paymentLinks" ("penaltyId");
ALTER TABLE "paymentLinks" ADD CONSTRAINT "paymentLinks_penaltyId_fkey" FOREIGN KEY ("penaltyId") REFERENCES "penalties" (id) DEFERRABLE INITIALLY DEFERRED;
