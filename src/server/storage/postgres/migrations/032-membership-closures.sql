-- The studio's closures that moved a membership's period already, so that each is counted once.
ALTER TABLE "memberships" ADD COLUMN "closuresApplied" jsonb;
