-- Closing classes: hours after its end at which a class with marks nobody closed is closed by the
-- server (NULL in a database made before: the default of 12 applies). Open classes are found by status
-- and start, as the server looks for them.
ALTER TABLE "configs" ADD COLUMN "autoCloseHours" integer;
CREATE INDEX "events_status_startsAt_index" ON "events" ("status", "startsAt");
