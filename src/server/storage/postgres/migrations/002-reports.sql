-- The unlimited passes the income statistics look at: those valid on some day of a period.
CREATE INDEX "passes_unlimited_endsOn" ON "passes" ("endsOn") WHERE "visitsTotal" IS NULL;
