-- The members of each group hold a seat in its classes still to come: computed by this migration's step
-- (migrationSteps.ts), as the db.json engine's upgrade does; the booking settings get their defaults.
SELECT 1;
